import { expect } from 'vitest';
import type { TestServer } from './test-server';

/**
 * An order body with its contract acceptance (D24), as the shop sends it: the documents are
 * rendered for the request first (POST /api/orders/contract) and their version and hash accepted.
 * A request the server cannot render (bad input) gets a well-formed acceptance of nothing, so
 * the placing call shows its own refusal.
 */
export async function withAcceptedContract(s: TestServer, token: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { contractAcceptance: _given, ...request } = body;
  const rendered = await s.request({
    method: 'POST',
    url: '/api/orders/contract',
    headers: { authorization: `Bearer ${token}` },
    payload: request,
  });
  if (rendered.statusCode !== 200) {
    return { ...request, contractAcceptance: { accepted: true, version: 'none', sha256: '0'.repeat(64) } };
  }
  const { contract } = rendered.json<{ contract: { version: string; sha256: string; documents: unknown[] } }>();
  expect(contract.documents).toHaveLength(2);
  return { ...request, contractAcceptance: { accepted: true, version: contract.version, sha256: contract.sha256 } };
}
