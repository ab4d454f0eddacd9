// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient, responseFields } from './http-client';
import { type RecordingServer, closedPortBaseUrl, startRecordingServer } from './recording-server';

// SPEC section 7, case by case, against a real HTTP server.
describe('HttpClient', () => {
  let server: RecordingServer;
  let client: HttpClient;

  beforeAll(async () => {
    server = await startRecordingServer();
    client = new HttpClient({ baseUrl: server.baseUrl });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.reply({ status: 200, body: { success: true, message: 'done' } });
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'])('sends %s to the base URL with the path appended', async (method) => {
    const response = await client.request(method, '/api/users/profile');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe(method);
    expect(server.requests[0]?.url).toBe('/api/users/profile');
    expect(response).toEqual({ status: 200, ok: true, body: { success: true, message: 'done' } });
  });

  it('accepts a lower-case method name', async () => {
    await client.request('put', '/x', { body: {} });
    expect(server.requests[0]?.method).toBe('PUT');
  });

  it.each(['PATCH', 'HEAD', 'OPTIONS', 'FETCH'])('throws Unsupported method for %s without calling the server', async (method) => {
    await expect(client.request(method, '/api/product')).rejects.toThrow(new Error('Unsupported method'));
    expect(server.requests).toHaveLength(0);
  });

  it('sends the body as JSON by default', async () => {
    await client.request('POST', '/api/product', { body: { allCategoryIds: [1, 2] } });
    const [request] = server.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.text).toBe('{"allCategoryIds":[1,2]}');
  });

  it('sends an empty object as "{}"', async () => {
    await client.request('POST', '/api/users/email-verification/abc', { body: {} });
    expect(server.requests[0]?.text).toBe('{}');
  });

  it('sends no body and no content type when there is no body', async () => {
    await client.request('GET', '/api/Category');
    expect(server.requests[0]?.text).toBe('');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('sends the bearer header on authenticated calls only', async () => {
    await client.request('GET', '/api/users/profile', { bearer: 'access.token.value' });
    await client.request('GET', '/api/Category');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer access.token.value');
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('reads a 2xx answer as its body fields plus the status', async () => {
    server.reply({ status: 201, body: { success: true, user: { _id: 'u' }, message: 'Registered' } });
    const response = await client.request('POST', '/api/users/register', { body: {} });
    expect(response).toEqual({ status: 201, ok: true, body: { success: true, user: { _id: 'u' }, message: 'Registered' } });
    expect(responseFields(response)).toEqual({ success: true, user: { _id: 'u' }, message: 'Registered', status: 201 });
  });

  it('treats a GET outside 2xx as an error, keeping status and server message', async () => {
    server.reply({ status: 404, body: { success: false, message: 'Product not found' } });
    const response = await client.request('GET', '/api/product/none');
    expect(response).toEqual({
      status: 404,
      ok: false,
      body: { success: false, message: 'Product not found' },
      error: 'Product not found',
    });
  });

  it('gives a GET error without a server message a status text', async () => {
    server.reply({ status: 403 });
    const response = await client.request('GET', '/api/Category');
    expect(response.error).toBe('Request failed with status code 403');
    expect(response.ok).toBe(false);
  });

  it.each([
    ['POST', 401],
    ['PUT', 400],
    ['DELETE', 404],
    ['POST', 409],
    ['POST', 429],
  ])('returns a %s answer with status %i to the caller with its body, not as an error', async (method, status) => {
    server.reply({ status, body: { success: false, message: 'Invalid email or password' } });
    const response = await client.request(method, '/api/users/login', { body: {} });
    expect(response).toEqual({ status, ok: false, body: { success: false, message: 'Invalid email or password' } });
    expect(response.error).toBeUndefined();
    expect(responseFields(response)).toEqual({ success: false, message: 'Invalid email or password', status });
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'])('treats a 5xx answer to %s as an error', async (method) => {
    server.reply({ status: 503, body: { success: false, message: 'Down for maintenance' } });
    const response = await client.request(method, '/api/users/profile');
    expect(response).toMatchObject({ status: 503, ok: false, error: 'Down for maintenance' });
  });

  it('treats a 500 without a body as an error with a status text', async () => {
    server.reply({ status: 500 });
    const response = await client.request('POST', '/api/product', { body: {} });
    expect(response).toEqual({ status: 500, ok: false, body: undefined, error: 'Request failed with status code 500' });
  });

  it.each(['GET', 'POST'])(
    'reads a refused connection on %s as { success: false, status: 500, message: "Network error" }',
    async (method) => {
      const refused = new HttpClient({ baseUrl: await closedPortBaseUrl() });
      const response = await refused.request(method, '/api/users/login', { body: {} });
      expect(response).toEqual({ status: 500, ok: false, body: { success: false, message: 'Network error' }, error: 'Network error' });
      expect(responseFields(response)).toEqual({ success: false, status: 500, message: 'Network error' });
    },
  );

  it('does not crash on an empty 2xx body', async () => {
    server.reply({ status: 204 });
    const response = await client.request('DELETE', '/x');
    expect(response).toEqual({ status: 204, ok: true, body: undefined });
    expect(responseFields(response)).toEqual({ status: 204 });
  });

  it('does not crash on a non-JSON body: it is kept as text', async () => {
    server.reply({ status: 200, body: '<html>proxy page</html>', contentType: 'text/html' });
    const response = await client.request('GET', '/api/Category');
    expect(response).toEqual({ status: 200, ok: true, body: '<html>proxy page</html>' });
    expect(responseFields(response)).toEqual({ status: 200 });
  });

  it('does not crash on a body that claims JSON but is not', async () => {
    server.reply({ status: 400, body: '{"message": broken', contentType: 'application/json' });
    const response = await client.request('POST', '/x', { body: {} });
    expect(response).toEqual({ status: 400, ok: false, body: '{"message": broken' });
  });

  it('waits for a slow answer by default, and reads an expired optional timeout as a network failure', async () => {
    server.reply(() => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: { late: true } }), 300)));
    expect(await client.request('GET', '/slow')).toMatchObject({ status: 200, body: { late: true } });
    const impatient = new HttpClient({ baseUrl: server.baseUrl, timeoutMs: 20 });
    expect(await impatient.request('GET', '/slow')).toMatchObject({ status: 500, error: 'Network error' });
    expect(await client.request('GET', '/slow', { timeoutMs: 20 })).toMatchObject({ status: 500, error: 'Network error' });
  });

  it('tolerates a trailing slash in the base URL', async () => {
    const slashed = new HttpClient({ baseUrl: `${server.baseUrl}/` });
    await slashed.request('GET', '/api/Category');
    expect(server.requests[0]?.url).toBe('/api/Category');
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const injected = new HttpClient({
      baseUrl: 'http://api.example',
      fetch: async (input) => {
        calls.push(input);
        return new Response('{"a":1}', { status: 200 });
      },
    });
    expect(await injected.request('GET', '/p')).toEqual({ status: 200, ok: true, body: { a: 1 } });
    expect(calls).toEqual(['http://api.example/p']);
  });
});
