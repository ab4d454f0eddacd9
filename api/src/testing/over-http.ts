/**
 * Calls to a listening test server over real HTTP (what a socket client sees needs a real port):
 * a JSON body and a bearer token when given; answers the status and the JSON body.
 */
export function overHttp(server: () => { url: string }) {
  return async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${server().url}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read answers of every shape, as in test files.
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
}
