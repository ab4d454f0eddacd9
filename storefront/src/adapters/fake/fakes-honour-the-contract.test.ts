// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACT_FILE, PROVIDER } from '../../../../contracts/support/pact-files';
import { createProviderStateSetup } from '../../../../contracts/verify/provider-state-handlers';
import { type FakeApiServer, startFakeApiServer } from '../../../../tests/support/fake-api-server';

/**
 * The fakes cannot drift from the contract: every interaction of the committed pact file that an
 * in-memory fake answers is replayed by Pact's own verifier (its matching rules: types, regexes,
 * minimum lengths, provider-state values) against the fakes behind a tiny HTTP shim
 * (tests/support/fake-api-server.ts), with the same provider-state handlers as the reference
 * server's verification. Interactions no fake can answer are named here, with the reason.
 */
const NOT_FOR_FAKES: Record<string, string> = {
  'an emailVerified event':
    'A socket.io message, not an HTTP call: FakeRealtime hands the event to listeners in memory, there is no wire to verify.',
  'a request for a narrower copy of a product picture':
    "The browser's <img> asks the API host for pictures, no gateway does; the fakes' pictures are data: URLs, with no host to ask.",
};

interface PactInteraction {
  type: string;
  description: string;
}

const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: PactInteraction[] } & Record<string, unknown>;
const forFakes = pact.interactions.filter((interaction) => !(interaction.description in NOT_FOR_FAKES));

describe('the in-memory fakes honour the Pact contract', () => {
  let server: FakeApiServer;
  let pactDir: string;
  const unrouted: string[] = [];

  beforeAll(async () => {
    server = await startFakeApiServer(unrouted);
    pactDir = mkdtempSync(path.join(tmpdir(), 'fake-pact-'));
  });
  afterAll(async () => {
    await server?.close();
    if (pactDir) rmSync(pactDir, { recursive: true, force: true });
  });

  it('names a reason for every interaction left out, and each one is still in the pact', () => {
    const descriptions = pact.interactions.map((interaction) => interaction.description);
    for (const description of Object.keys(NOT_FOR_FAKES)) expect(descriptions).toContain(description);
    // Everything else is an HTTP call the fakes must answer.
    expect(forFakes.every((interaction) => interaction.type === 'Synchronous/HTTP')).toBe(true);
    expect(forFakes.length).toBe(pact.interactions.length - Object.keys(NOT_FOR_FAKES).length);
  });

  it('answers every HTTP interaction the way the contract says', async () => {
    const file = path.join(pactDir, 'storefront-web-fakes.json');
    writeFileSync(file, JSON.stringify({ ...pact, interactions: forFakes }));
    const setup = createProviderStateSetup({ providerUrl: server.url, outboxDir: server.outboxDir });
    const verifier = new Verifier({
      provider: PROVIDER,
      providerBaseUrl: server.url,
      pactUrls: [file],
      stateHandlers: setup.stateHandlers as VerifierOptions['stateHandlers'],
      beforeEach: setup.beforeEach,
      providerStatesSetupTeardown: true,
      failIfNoPactsFound: true,
      logLevel: 'warn',
    });
    // Rejects, with every mismatch in the log above, when a fake answers otherwise.
    await expect(verifier.verifyProvider()).resolves.toBeDefined();
    expect(unrouted).toEqual([]);
  }, 120_000);
});
