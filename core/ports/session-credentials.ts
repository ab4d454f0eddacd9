/**
 * The signed-in session as the HTTP edge needs it: the bearer for authenticated calls, the user's
 * id for the one body that names it (D5), and where a refused token is reported. Stores never
 * pass tokens or ids along; the authenticated HTTP client reads them here.
 */
export interface SessionCredentials {
  /** The live session's access token; null when nobody is signed in. */
  readonly accessToken: string | null;
  /** The signed-in user's `_id`; null when nobody is signed in. */
  readonly userId: string | null;
  /** The server refused the access token (401): the session ends, wherever the call came from. */
  sessionRejected(): void;
}
