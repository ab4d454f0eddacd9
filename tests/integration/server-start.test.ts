import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheBytesWithin } from '../../api/src/catalog/catalog-plugin';
import { BUILT_SERVER, SERVER_NODE_FLAGS } from '../support/production-build';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const MIB = 1024 * 1024;

describe('the server as npm start runs it', () => {
  it('is the built server with the Node settings the benches measure', () => {
    expect(scripts.start).toBe(`npm run build && node ${SERVER_NODE_FLAGS.join(' ')} dist/${BUILT_SERVER}`);
    expect(scripts.build).toContain('npm run build:server');
    // The server's entry, main.ts, is written as main.mjs into the folder npm start runs it from.
    expect(scripts['build:server']).toMatch(/^esbuild api\/src\/main\.ts /);
    expect(scripts['build:server']).toContain(`--outdir=dist/${path.dirname(BUILT_SERVER)} --entry-names=[name] --out-extension:.js=.mjs`);
  });

  it('keeps at most a third of its heap for the catalogue, whatever CATALOG_CACHE_MB says', () => {
    expect(cacheBytesWithin(64 * MIB, 192 * MIB)).toBe(64 * MIB);
    expect(cacheBytesWithin(512 * MIB, 192 * MIB)).toBe(64 * MIB);
    expect(cacheBytesWithin(16 * MIB, 4096 * MIB)).toBe(16 * MIB);
  });
});
