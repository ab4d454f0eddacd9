/** Placeholder: the screen is built by its own issue. */
export function ResetPasswordPage() {
  return <h1>Reset password</h1>;
}
