/** Placeholder: the screen is built by its own issue. */
export function AuthPopupPage() {
  return <h1>Login</h1>;
}
