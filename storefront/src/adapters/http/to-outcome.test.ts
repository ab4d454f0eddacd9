import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { HttpResponse } from './http-client';
import { toOutcome, UNEXPECTED_RESPONSE } from './to-outcome';

const pairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
const answer = (status: number, body: unknown, extra: Partial<HttpResponse> = {}): HttpResponse => ({
  status,
  ok: status >= 200 && status <= 299,
  body,
  ...extra,
});

describe('toOutcome', () => {
  it('reads a 2xx body through the wire schema and the mapping, with the server message', () => {
    const outcome = toOutcome(
      answer(201, { accessToken: 'a', refreshToken: 'r', message: 'Welcome' }),
      pairSchema,
      (pair) => pair.accessToken,
    );
    expect(outcome).toEqual({ ok: true, data: 'a', message: 'Welcome' });
  });

  it('reads a 2xx body the schema does not match as a refusal, never a crash', () => {
    expect(toOutcome(answer(200, { accessToken: 'a' }), pairSchema)).toEqual({ ok: false, kind: 'rejected', message: UNEXPECTED_RESPONSE });
    expect(toOutcome(answer(200, 'not json'), pairSchema)).toEqual({ ok: false, kind: 'rejected', message: UNEXPECTED_RESPONSE });
  });

  it('reads a 2xx body saying success: false as a refusal with its message', () => {
    expect(toOutcome(answer(200, { success: false, message: 'Nothing changed' }), z.unknown())).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Nothing changed',
    });
  });

  it.each([400, 403, 404, 409, 429])('reads %i as a refusal with the server message', (status) => {
    expect(toOutcome(answer(status, { success: false, message: 'No' }), z.unknown())).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'No',
    });
  });

  it("prefers the basic client's error text (a GET outside 2xx) to the body", () => {
    const response = answer(404, { success: false }, { error: 'Request failed with status code 404' });
    expect(toOutcome(response, z.unknown())).toEqual({ ok: false, kind: 'rejected', message: 'Request failed with status code 404' });
  });

  it('leaves out a missing or blank message, so the screen shows its own text', () => {
    expect(toOutcome(answer(400, { success: false }), z.unknown())).toEqual({ ok: false, kind: 'rejected' });
    expect(toOutcome(answer(400, { success: false, message: '  ' }), z.unknown())).toEqual({ ok: false, kind: 'rejected' });
    expect(toOutcome(answer(200, { success: true, message: '' }), z.unknown(), () => 1)).toEqual({ ok: true, data: 1 });
  });

  it("names the call's reason for a status, and none for the others", () => {
    const reasons = { 400: 'registered', 409: 'already-sent' } as const;
    const read = (status: number) => toOutcome(answer(status, { success: false, message: 'm' }), z.unknown(), () => undefined, reasons);
    expect(read(400)).toEqual({ ok: false, kind: 'rejected', message: 'm', reason: 'registered' });
    expect(read(409)).toEqual({ ok: false, kind: 'rejected', message: 'm', reason: 'already-sent' });
    expect(read(429)).toEqual({ ok: false, kind: 'rejected', message: 'm' });
  });

  it('reads a 401 as unauthorised only when the authenticated client handled it (a login 401 is a refusal)', () => {
    const refused = answer(401, { success: false, message: 'Unauthorized' });
    expect(toOutcome({ ...refused, unauthorised: true }, z.unknown())).toEqual({
      ok: false,
      kind: 'unauthorised',
      message: 'Unauthorized',
    });
    expect(toOutcome(refused, z.unknown())).toEqual({ ok: false, kind: 'rejected', message: 'Unauthorized' });
  });

  it('reads 500 and up, the network failure included, as unavailable (SPEC 8 "exception")', () => {
    const network = answer(500, { success: false, message: 'Network error' }, { error: 'Network error' });
    expect(toOutcome(network, z.unknown())).toEqual({ ok: false, kind: 'unavailable', message: 'Network error' });
    const broken = answer(503, { success: false, message: 'Maintenance' }, { error: 'Maintenance' });
    expect(toOutcome(broken, z.unknown())).toEqual({ ok: false, kind: 'unavailable', message: 'Maintenance' });
  });
});
