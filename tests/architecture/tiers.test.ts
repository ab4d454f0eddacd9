// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The three tiers are TypeScript projects (tsconfig.json): the core (tsconfig.core.json) sees no DOM,
 * no Node and no other tier; the core's Node part (tsconfig.core-node.json, what both servers share)
 * sees the core and Node, no DOM and no other tier; the API (tsconfig.api.json) sees the core, nothing
 * of the storefront, and no DOM. Files that cross a tier are written
 * into the real folders, the API and the core are built (`tsc -b tsconfig.api.json`), and the files
 * are removed again: the compiler must refuse each one, at the probe.
 */
const root = path.resolve(import.meta.dirname, '../..');
const notListed = /error TS6307: .*is not listed/;
/** A probe importing `target`, from another tier: the project does not list that file. */
const reaching = (target: string) => ({ source: `export * from '${target}';`, refusal: notListed });
/** A probe naming a global its tier has no types for. */
const naming = (global: 'document' | 'process') => ({
  source: `export const probe = typeof ${global};`,
  refusal: new RegExp(`error TS\\d+: Cannot find name '${global}'`),
});
const probes: Record<string, { source: string; refusal: RegExp }> = {
  'core/domain/zz-tier-probe-view.ts': reaching('../../storefront/src/views/shared/modal'),
  'core/domain/zz-tier-probe-dom.ts': naming('document'),
  'core/ports/zz-tier-probe-node.ts': naming('process'),
  'core/demo/zz-tier-probe-server.ts': reaching('../../api/src/catalog/seed-catalog'),
  'core/node/zz-tier-probe-api.ts': reaching('../../api/src/domain-error'),
  'core/node/zz-tier-probe-dom.ts': naming('document'),
  'api/src/zz-tier-probe-view.ts': reaching('../../storefront/src/views/shared/modal'),
  'api/src/zz-tier-probe-storefront.ts': reaching('../../storefront/server/storefront-pages'),
  'api/src/zz-tier-probe-dom.ts': naming('document'),
};

let failed = false;
let output = '';

beforeAll(() => {
  for (const [file, { source }] of Object.entries(probes)) writeFileSync(path.join(root, file), `${source}\n`);
  try {
    output = execFileSync('npx', ['tsc', '-b', 'tsconfig.api.json', '--pretty', 'false'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    failed = true;
    output = (error as { stdout: string }).stdout;
  } finally {
    for (const file of Object.keys(probes)) rmSync(path.join(root, file), { force: true });
  }
}, 300_000);

describe('the tiers', () => {
  it('fail the build when a file crosses a tier', () => {
    expect(failed).toBe(true);
  });

  it.each(Object.entries(probes))('%s is refused', (file, { refusal }) => {
    const lines = output.split('\n').filter((line) => line.startsWith(`${file}(`));
    expect(lines.some((line) => refusal.test(line))).toBe(true);
  });
});
