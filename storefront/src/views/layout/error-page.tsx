import { messages } from '../../texts/messages';

/** D13: any render failure ends here. */
export function ErrorPage() {
  return (
    <main className="error-page">
      <div role="alert">
        <h1>{messages.errors.unexpected}</h1>
      </div>
      <p>
        <a href="/">{messages.layout.home}</a>
      </p>
    </main>
  );
}
