/**
 * How a call to the server ended, in the shop's terms. SPEC 8 words each ending differently:
 * - ok: the answer, with the server's message when it sent one;
 * - rejected: the server answered and refused, with its message when it sent one; some calls
 *   also name a `reason` the shop words itself (the guest verification mail, SPEC 8);
 * - unauthorised: the server refused the session's access token; the session has already ended
 *   (the authenticated HTTP client ends it), so a screen adds nothing;
 * - unavailable: no usable answer, the network failed or the server broke: SPEC 8's "exception".
 */
export type Outcome<T, Reason extends string = never> =
  | { ok: true; data: T; message?: string }
  | { ok: false; kind: 'rejected'; message?: string; reason?: Reason }
  | { ok: false; kind: 'unauthorised'; message?: string }
  | { ok: false; kind: 'unavailable'; message?: string };

/** An outcome that is not ok. */
export type Failure<Reason extends string = never> = Extract<Outcome<never, Reason>, { ok: false }>;
