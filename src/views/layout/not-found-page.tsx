import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';

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
