/**
 * The answer of a server call as the shop reads it: SPEC section 7 reads a response as its body
 * fields plus the status. `ok` is true for 2xx with the call's data; otherwise the server's
 * message, if it sent one (network failure: status 500, 'Network error').
 */
export type Result<T> = { ok: true; status: number; data: T; message?: string } | { ok: false; status: number; message?: string };
