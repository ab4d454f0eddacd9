// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './http-client';
import { type RecordingServer, closedPortBaseUrl, startRecordingServer } from './recording-server';
import { ReferenceDataHttpGateway } from './reference-data-http-gateway';

describe('ReferenceDataHttpGateway', () => {
  let server: RecordingServer;
  let gateway: ReferenceDataHttpGateway;

  beforeAll(async () => {
    server = await startRecordingServer();
    gateway = new ReferenceDataHttpGateway(new HttpClient({ baseUrl: server.baseUrl }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists countries', async () => {
    server.reply({ body: [{ numericCode: '792', phoneCode: '90', countryName: 'Türkiye' }] });
    expect(await gateway.countries()).toEqual([{ numericCode: '792', phoneCode: '90', countryName: 'Türkiye' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/address/countries' });
  });

  it('lists cities', async () => {
    server.reply({ body: [{ stateId: 34, stateCode: '34', stateName: 'İstanbul' }] });
    expect(await gateway.cities()).toEqual([{ stateId: 34, stateCode: '34', stateName: 'İstanbul' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/address/states' });
  });

  it('lists sub-municipalities of a state code, URL-encoded', async () => {
    server.reply({ body: [{ subMunicipalityId: 1103, subMunicipalityNameInitialCapital: 'Kadıköy' }] });
    expect(await gateway.subMunicipalities('34')).toEqual([{ subMunicipalityId: 1103, subMunicipalityNameInitialCapital: 'Kadıköy' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/address/submunicipalities/34' });
    await gateway.subMunicipalities('3/4');
    expect(server.requests[1]?.url).toBe('/api/address/submunicipalities/3%2F4');
  });

  it('lists neighbours of a sub-municipality', async () => {
    server.reply({ body: [{ neighbourId: 7, neighbourNameInitialCapital: 'Moda' }] });
    expect(await gateway.neighbours(1103)).toEqual([{ neighbourId: 7, neighbourNameInitialCapital: 'Moda' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/address/neighbours/1103' });
  });

  it.each([
    ['a 404', { status: 404, body: { success: false, message: 'Unknown state' } }],
    ['a 500', { status: 500 }],
    ['a body that is not a list of cities', { status: 200, body: [{ stateId: 'x' }] }],
  ])('logs %s and gives an empty list', async (_name, reply) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.reply(reply);
    expect(await gateway.cities()).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]?.[0])).toContain('/api/address/states');
  });

  it('logs a network failure and gives an empty list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = new ReferenceDataHttpGateway(new HttpClient({ baseUrl: await closedPortBaseUrl() }));
    expect(await offline.countries()).toEqual([]);
    expect(String(log.mock.calls[0]?.[0])).toContain('Network error');
  });
});
