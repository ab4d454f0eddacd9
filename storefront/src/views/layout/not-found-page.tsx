import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';
import type { PageModule } from '../../shell/page-module';

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <section className="page">
      <h1>{messages.errors.notFound}</h1>
      <Link className="button button--primary" to="/">
        {messages.layout.backHome}
      </Link>
    </section>
  );
}

export const notFoundPage: PageModule = {
  Component: NotFoundPage,
  head: () => ({ title: messages.head.pageTitle(messages.errors.notFound), description: messages.head.notFoundDescription, status: 404 }),
};
