import { describe, expect, it } from 'vitest';
import { loadStorefrontConfig, StorefrontConfigError } from './config';

function problemsOf(env: Record<string, string>): string {
  try {
    loadStorefrontConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(StorefrontConfigError);
    return (error as StorefrontConfigError).message;
  }
  throw new Error('expected a StorefrontConfigError');
}

describe('loadStorefrontConfig', () => {
  it('names each bad variable, what it takes and what was given', () => {
    const message = problemsOf({ API_URL: 'api', PORT: 'eighty' });
    expect(message).toContain('API_URL: required: the API this storefront renders against');
    expect(message).toContain('PORT: a port number from 0 to 65535 (got "eighty")');
  });

  it('refuses a TRUST_PROXY that covers every address, as the API does', () => {
    expect(problemsOf({ API_URL: 'http://127.0.0.1:5000', TRUST_PROXY: '0.0.0.0/0' })).toContain(
      'TRUST_PROXY: "0.0.0.0/0" covers every IPv4 address',
    );
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', API_URL: 'https://api.shop.internal' };

    it('starts with TLS to the API, or an API on this machine, and no warning', () => {
      expect(loadStorefrontConfig(production).warnings).toEqual([]);
      expect(loadStorefrontConfig({ ...production, API_URL: 'http://127.0.0.1:5000' }).warnings).toEqual([]);
      expect(loadStorefrontConfig({ ...production, API_PUBLIC_URL: 'https://api.shop.example' }).apiPublicUrl).toBe(
        'https://api.shop.example',
      );
    });

    it('refuses an API reached in clear text over the network, naming the opt-out', () => {
      expect(problemsOf({ ...production, API_URL: 'http://api.shop.internal:5000' })).toMatch(
        /API_URL: unencrypted to another machine in production \(http:\/\/\): use https:\/\/, or set ALLOW_PLAINTEXT_INTERNAL=1/,
      );
      const config = loadStorefrontConfig({ ...production, API_URL: 'http://api.shop.internal:5000', ALLOW_PLAINTEXT_INTERNAL: '1' });
      expect(config.warnings).toEqual([expect.stringMatching(/^API_URL travels unencrypted .*: allowed by ALLOW_PLAINTEXT_INTERNAL=1$/)]);
    });

    it('refuses an API_PUBLIC_URL that browsers would call without https', () => {
      expect(problemsOf({ ...production, API_PUBLIC_URL: 'http://api.shop.example' })).toContain(
        'API_PUBLIC_URL: must be https when NODE_ENV=production (got "http://api.shop.example")',
      );
    });
  });

  it('lets development call any API in clear text', () => {
    expect(loadStorefrontConfig({ API_URL: 'http://api.shop.internal:5000', API_PUBLIC_URL: 'http://api.shop.example' }).warnings).toEqual(
      [],
    );
  });
});
