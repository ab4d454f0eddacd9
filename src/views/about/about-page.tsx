import { messages } from '../../texts/messages';
import type { PageModule } from '../page-module';

/** About Us: placeholder text (SPEC section 2). */
export function AboutPage() {
  return (
    <section className="page">
      <h1>{messages.about.title}</h1>
      <p>{messages.about.body}</p>
    </section>
  );
}

export const aboutPage: PageModule = {
  Component: AboutPage,
  head: () => ({ title: messages.head.pageTitle(messages.about.title), description: messages.head.aboutDescription }),
};
