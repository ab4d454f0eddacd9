/** Placeholder: the screen is built by its own issue. */
export function VerifyEmailPage() {
  return <h1>Verify email</h1>;
}
