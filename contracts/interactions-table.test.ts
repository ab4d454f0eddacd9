import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PactFileContents, interactionsTable, readPactFiles, tableIn, withTable } from './support/interactions-table';
import { PACT_DIR, REPO_ROOT } from './support/pact-files';

const CONTRACTS_DOC = path.join(REPO_ROOT, 'docs', 'contracts.md');

describe('docs/contracts.md', () => {
  it('lists exactly the interactions of the pact files this run wrote (else run npm run docs:contracts)', () => {
    const documented = tableIn(readFileSync(CONTRACTS_DOC, 'utf8'));
    expect(documented, 'docs/contracts.md has no generated interactions table').not.toBeNull();
    expect(documented, 'docs/contracts.md is behind the pact: run `npm run docs:contracts` and commit it').toBe(
      interactionsTable(readPactFiles(PACT_DIR)),
    );
  });

  it('links the product specification and decisions it cites (tests/docs/references.test.ts checks them against the shared ones)', () => {
    const doc = readFileSync(CONTRACTS_DOC, 'utf8');
    expect(doc).toContain('](spec.md)');
    expect(doc).toContain('](decisions.md)');
  });
});

describe('the interactions table', () => {
  const pact: PactFileContents = {
    interactions: [
      {
        type: 'Synchronous/HTTP',
        description: 'a cancel | of an order',
        providerStates: [{ name: 'a user is logged in' }, { name: 'the logged-in user has an order' }],
        request: { method: 'POST', path: '/api/orders/abc/cancel', generators: { path: { expression: '/api/orders/${orderId}/cancel' } } },
        response: { status: 200 },
      },
      { type: 'Asynchronous/Messages', description: 'an emailVerified event', metadata: { event: 'emailVerified' } },
      {
        type: 'Synchronous/HTTP',
        description: 'the categories',
        request: { method: 'GET', path: '/api/Category' },
        response: { status: 200 },
      },
    ],
  };

  it('has a row per interaction, sorted by call, with injected path segments as parameters', () => {
    expect(interactionsTable([pact]).split('\n')).toEqual([
      '3 interactions: 2 HTTP ones and 1 asynchronous message.',
      '',
      '| Call | Status | Interaction | Provider states |',
      '|---|---|---|---|',
      '| `GET /api/Category` | 200 | the categories | — |',
      '| `POST /api/orders/{orderId}/cancel` | 200 | a cancel \\| of an order | `a user is logged in`, `the logged-in user has an order` |',
      '| socket.io `emailVerified` (message) | — | an emailVerified event | — |',
    ]);
  });

  it('replaces only the part between the markers', () => {
    const markdown = readFileSync(CONTRACTS_DOC, 'utf8');
    const replaced = withTable(markdown, 'TABLE');
    expect(tableIn(replaced)).toBe('TABLE');
    expect(withTable(replaced, tableIn(markdown) ?? '')).toBe(markdown);
    expect(() => withTable('# no markers', 'TABLE')).toThrow(/markers/);
  });
});
