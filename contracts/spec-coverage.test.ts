import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPEC_API_TABLE } from './spec-api-table';
import { PACT_FILE, REPO_ROOT } from './support/pact-files';
import { type PactHttpInteraction, parseSpecApiTable, pathFits, readSpecMarkdown, uncoveredCalls } from './support/spec-coverage';

interface PactInteraction extends PactHttpInteraction {
  request?: { method: string; path: string; body?: { content?: unknown } };
  response?: { status: number; body?: { content?: unknown } };
  contents?: { content?: unknown };
}

function readPact(): { interactions: PactInteraction[] } {
  return JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: PactInteraction[] };
}

function http(interactions: PactInteraction[], method: string, path: string): PactInteraction[] {
  return interactions.filter((i) => i.type === 'Synchronous/HTTP' && i.request?.method === method && pathFits(path, i.request.path));
}

describe('SPEC section 7 table', () => {
  it('the committed copy matches SPEC.md when the shared folder is beside the repository', () => {
    const markdown = readSpecMarkdown(REPO_ROOT);
    // CI without ../shared falls back to the committed copy; then there is nothing to compare.
    if (markdown === null) return;
    expect(parseSpecApiTable(markdown)).toEqual(SPEC_API_TABLE);
  });

  it('reads method and path of every row of section 7 only', () => {
    const markdown = [
      '## 6. Roles',
      '| GET | /not/this | x | y |',
      '## 7. The calls it makes',
      '| Method | Path | Body | Response |',
      '|---|---|---|---|',
      '| POST | /api/users/login | email | token |',
      '| GET | /api/product/{id} | none | product |',
      '## 8. Errors',
      '| PUT | /nor/this | x | y |',
    ].join('\n');
    expect(parseSpecApiTable(markdown)).toEqual([
      { method: 'POST', path: '/api/users/login' },
      { method: 'GET', path: '/api/product/{id}' },
    ]);
  });

  it('reports a row that no interaction exercises, matching path parameters as one segment', () => {
    const interactions: PactHttpInteraction[] = [
      { type: 'Synchronous/HTTP', description: 'a', request: { method: 'GET', path: '/api/product/abc' } },
      { type: 'Synchronous/HTTP', description: 'b', request: { method: 'GET', path: '/api/users/login' } },
    ];
    const table = [
      { method: 'GET', path: '/api/product/{id}' },
      { method: 'POST', path: '/api/users/login' },
      { method: 'GET', path: '/api/category' },
    ] as const;
    expect(uncoveredCalls(table, interactions)).toEqual([table[1], table[2]]);
    expect(pathFits('/api/product/{id}', '/api/product/a/b')).toBe(false);
    expect(pathFits('/api/Category', '/api/category')).toBe(false);
  });
});

describe('the pact file written by this run', () => {
  it('exists', () => {
    expect(existsSync(PACT_FILE), `${PACT_FILE} was not written: run the whole contracts suite`).toBe(true);
  });

  it('has an interaction for every row of SPEC section 7', () => {
    const markdown = readSpecMarkdown(REPO_ROOT);
    const table = markdown === null ? SPEC_API_TABLE : parseSpecApiTable(markdown);
    expect(table.length).toBeGreaterThanOrEqual(22);
    expect(uncoveredCalls(table, readPact().interactions)).toEqual([]);
  });

  it('pins the decisions beyond the table: D3 collections and the empty object, D4 rotation, D5 current password', () => {
    const { interactions } = readPact();
    const productBodies = http(interactions, 'POST', '/api/product').map((i) => i.request?.body?.content);
    expect(productBodies).toContainEqual({});
    expect(productBodies.some((body) => typeof body === 'object' && body !== null && 'collection' in body)).toBe(true);
    expect(productBodies.some((body) => typeof body === 'object' && body !== null && 'allCategoryIds' in body)).toBe(true);

    const refreshed = http(interactions, 'GET', '/api/users/refresh').filter((i) => i.response?.status === 200);
    expect(refreshed.map((i) => Object.keys(i.response?.body?.content ?? {}))).toContainEqual(['accessToken', 'refreshToken']);

    const passwordBodies = http(interactions, 'PUT', '/api/users/update-password').map((i) => i.request?.body?.content);
    expect(passwordBodies.some((body) => typeof body === 'object' && body !== null && 'currentPassword' in body)).toBe(true);
  });

  it('pins the emailVerified socket message', () => {
    const messages = readPact().interactions.filter((i) => i.type === 'Asynchronous/Messages');
    expect(messages.map((m) => m.description)).toContain('an emailVerified event');
  });
});
