/** An API answer as a traffic script reads it: the status and the body (JSON when it parses, else its text). */
export interface ApiAnswer {
  status: number;
  json: unknown;
}

/** The longest one call may take before it counts as hung (a failure, never a wait). */
export const CALL_DEADLINE_MS = 15_000;

/**
 * One call to the API at `base`, as a shopper's browser makes it: a JSON body, the access token
 * as a bearer, extra headers (e.g. `Idempotency-Key`). Rejects only when no answer comes.
 */
export async function callApi(
  base: string,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(CALL_DEADLINE_MS),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, json };
}
