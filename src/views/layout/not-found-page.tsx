/** Placeholder: the screen is built by its own issue. */
export function NotFoundPage() {
  return <h1>Page not found</h1>;
}
