/** Placeholder: the screen is built by its own issue. */
export function ProfilePage() {
  return <h1>Profile</h1>;
}
