import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, STRONG_PASSWORD, type TestServer } from '../testing/test-server';
import { addressMatcher, clientKey } from './client-key';

describe('clientKey (per-client limits, issue 34 item 5)', () => {
  it('keeps an IPv4 address exact', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 prefix, however they are written', () => {
    const key = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe(key);
    expect(clientKey('2001:db8:1:2::')).toBe(key);
    expect(clientKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('tells apart IPv6 clients of different /64 prefixes', () => {
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-address')).toBe('not-an-address');
  });
});

describe('addressMatcher (TRUST_PROXY: whose own reads are no single client)', () => {
  it('matches addresses, CIDR ranges and proxy-addr names, IPv4-mapped addresses as IPv4', () => {
    const trusted = addressMatcher(['10.1.2.3', '192.168.0.0/16', '2001:db8::/32', 'loopback']);
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '192.168.7.9', '2001:db8:1::5', '127.0.0.1', '::1']) {
      expect(trusted(address), address).toBe(true);
    }
    for (const address of ['10.1.2.4', '203.0.113.1', '2001:db9::1', 'nonsense']) expect(trusted(address), address).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});

describe('per-client limits by /64 (the register throttle as the example)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ env: { RATE_LIMIT_REGISTER_PER_CLIENT: '2' } });
  });
  afterAll(() => server.close());

  const registerFrom = (remoteAddress: string, n: number) =>
    server.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress,
      payload: { userName: 'Shopper', email: `v6-${n}@example.com`, password: STRONG_PASSWORD },
    });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    expect((await registerFrom('2001:db8:1:2::1', 1)).statusCode).toBe(201);
    expect((await registerFrom('2001:db8:1:2:ffff::9', 2)).statusCode).toBe(201);
    const third = await registerFrom('2001:db8:1:2:abcd::1', 3);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: expect.any(String) });
    expect((await registerFrom('2001:db8:1:3::1', 4)).statusCode).toBe(201);
  });
});
