/** The special characters SPEC section 5 accepts. */
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/**
 * The password rules of SPEC section 5, enforced by the server too (D5). Returns the first
 * broken rule as a message, or null.
 */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (password.length < 8) return 'Password must be at least 8 characters long.';
  if (!/[A-Z]/.test(password)) return 'Password must contain at least 1 uppercase letter.';
  if (!/[a-z]/.test(password)) return 'Password must contain at least 1 lowercase letter.';
  if (!/[0-9]/.test(password)) return 'Password must contain at least 1 digit.';
  if (!SPECIAL.test(password)) return 'Password must contain at least 1 special character from !@#$%^&*(),.?":{}|<>.';
  if (confirmation !== undefined && confirmation !== password) return 'Password confirmation does not match.';
  return null;
}
