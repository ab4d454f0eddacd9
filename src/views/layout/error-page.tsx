import { messages } from '../../domain/messages';

/** D13: any render failure ends here. */
export function ErrorPage() {
  return (
    <main role="alert">
      <h1>{messages.errors.unexpected}</h1>
    </main>
  );
}
