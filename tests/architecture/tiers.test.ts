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
const probes: Record<string, { source: string; refusal: RegExp }> = {
  'core/domain/zz-tier-probe-view.ts': {
    source: "export * from '../../storefront/src/views/shared/modal';",
    refusal: /error TS6307: .*is not listed/,
  },
  'core/domain/zz-tier-probe-dom.ts': {
    source: 'export const title = document.title;',
    refusal: /error TS\d+: Cannot find name 'document'/,
  },
  'core/ports/zz-tier-probe-node.ts': { source: 'export const env = process.env;', refusal: /error TS\d+: Cannot find name 'process'/ },
  'core/demo/zz-tier-probe-server.ts': {
    source: "export * from '../../api/src/catalog/seed-catalog';",
    refusal: /error TS6307: .*is not listed/,
  },
  'core/node/zz-tier-probe-api.ts': {
    source: "export * from '../../api/src/domain-error';",
    refusal: /error TS6307: .*is not listed/,
  },
  'core/node/zz-tier-probe-dom.ts': {
    source: 'export const title = document.title;',
    refusal: /error TS\d+: Cannot find name 'document'/,
  },
  'api/src/zz-tier-probe-view.ts': {
    source: "export * from '../../storefront/src/views/shared/modal';",
    refusal: /error TS6307: .*is not listed/,
  },
  'api/src/zz-tier-probe-storefront.ts': {
    source: "export * from '../../storefront/server/storefront-pages';",
    refusal: /error TS6307: .*is not listed/,
  },
  'api/src/zz-tier-probe-dom.ts': {
    source: 'export const title = document.title;',
    refusal: /error TS\d+: Cannot find name 'document'/,
  },
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
