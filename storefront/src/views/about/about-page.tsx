import { messages } from '../../texts/messages';
import type { PageModule } from '../../shell/page-module';
import './about-page.css';

/** About Us (SPEC section 2's placeholder text, written for the demo shop). */
export function AboutPage() {
  return (
    <section className="page">
      <h1>{messages.about.title}</h1>
      <div className="about-page">
        {messages.about.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

export const aboutPage: PageModule = {
  Component: AboutPage,
  head: () => ({ title: messages.head.pageTitle(messages.about.title), description: messages.head.aboutDescription }),
};
