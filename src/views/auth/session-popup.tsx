/** Placeholder until the session-expiry popup is built by the accounts screens. */
export function SessionPopup() {
  return null;
}
