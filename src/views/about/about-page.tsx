import { messages } from '../../texts/messages';

/** About Us: placeholder text (SPEC section 2). */
export function AboutPage() {
  return (
    <section className="page">
      <h1>{messages.about.title}</h1>
      <p>{messages.about.body}</p>
    </section>
  );
}
