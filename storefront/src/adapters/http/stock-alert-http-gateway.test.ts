// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client';
import { type RecordingServer, startRecordingServer } from './recording-server';
import { StockAlertHttpGateway } from './stock-alert-http-gateway';

describe('StockAlertHttpGateway', () => {
  let server: RecordingServer;
  let gateway: StockAlertHttpGateway;

  beforeAll(async () => {
    server = await startRecordingServer();
    gateway = new StockAlertHttpGateway(new HttpClient({ baseUrl: server.baseUrl }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("posts the address (and the variant) for the product, URL-encoded, and answers the server's message", async () => {
    server.reply({ status: 202, body: { success: true, message: 'We will let you know.' } });
    expect(await gateway.notifyWhenInStock({ productId: 'a/b', variantId: 'v1', email: 'ayse@example.com' })).toEqual({
      ok: true,
      data: 'We will let you know.',
      message: 'We will let you know.',
    });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/product/a%2Fb/notify' });
    expect(server.requests[0]!.json).toEqual({ email: 'ayse@example.com', variantId: 'v1' });
    server.reply({ status: 202, body: { success: true, message: 'ok' } });
    await gateway.notifyWhenInStock({ productId: 'p', email: 'ayse@example.com' });
    expect(server.requests[1]!.json).toEqual({ email: 'ayse@example.com' });
  });

  it('answers a refusal with its message', async () => {
    server.reply({ status: 429, body: { success: false, message: 'Too many requests' } });
    expect(await gateway.notifyWhenInStock({ productId: 'p', email: 'ayse@example.com' })).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Too many requests',
    });
  });
});
