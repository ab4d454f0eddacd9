import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpecCall } from '../spec-api-table';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** The method+path rows of SPEC section 7's table ("## 7." up to the next "## " heading). */
export function parseSpecApiTable(markdown: string): SpecCall[] {
  const start = markdown.search(/^## 7\./m);
  if (start < 0) throw new Error('SPEC.md has no section 7');
  const rest = markdown.slice(start + 1);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const rows: SpecCall[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // A table row reads "| METHOD | /path | ... |": cells[0] is the empty text before the first bar.
    const method = cells[1];
    const callPath = cells[2];
    if (method !== undefined && callPath !== undefined && METHODS.has(method) && callPath.startsWith('/')) {
      rows.push({ method: method as SpecCall['method'], path: callPath });
    }
  }
  return rows;
}

/**
 * SPEC.md as CI sees it: the shared folder sits beside the repository (`../shared/SPEC.md`
 * from the repo root). Null when it is not there; callers fall back to the committed copy.
 */
export function readSpecMarkdown(repoRoot: string): string | null {
  const file = path.resolve(repoRoot, '..', 'shared', 'SPEC.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** Whether a concrete request path fits a SPEC path with `{param}` segments. */
export function pathFits(template: string, concrete: string): boolean {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(concrete);
}

export interface PactHttpInteraction {
  type: string;
  description: string;
  request?: { method: string; path: string };
}

/** The SPEC rows that no HTTP interaction of the pact exercises. */
export function uncoveredCalls(table: readonly SpecCall[], interactions: readonly PactHttpInteraction[]): SpecCall[] {
  const requests = interactions.flatMap((interaction) =>
    interaction.type === 'Synchronous/HTTP' && interaction.request ? [interaction.request] : [],
  );
  return table.filter(
    (call) => !requests.some((request) => request.method.toUpperCase() === call.method && pathFits(call.path, request.path)),
  );
}
