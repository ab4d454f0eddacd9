/** Placeholder: the screen is built by its own issue. */
export function HomePage() {
  return <h1>Home</h1>;
}
