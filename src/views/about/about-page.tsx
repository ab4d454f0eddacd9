/** Placeholder: the screen is built by its own issue. */
export function AboutPage() {
  return <h1>About Us</h1>;
}
