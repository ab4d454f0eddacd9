/** The longest address mail can carry (RFC 5321), as the server accepts. */
export const EMAIL_MAX_LENGTH = 254;

/** Whether `text` reads as one e-mail address (a local part, `@`, a domain with a dot; no spaces). */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text);
}

/** How an address is compared and kept: case and surrounding blanks do not matter (a duplicate differing in case is a duplicate). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
