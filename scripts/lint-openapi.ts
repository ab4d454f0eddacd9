/**
 * `npm run lint:openapi` (part of `npm test`): builds the API in this process (no port), takes
 * the OpenAPI document it serves at /api/openapi.json, and lints it with Redocly's recommended
 * rules (redocly.yaml). Exits with the linter's status.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPENAPI_PATH } from '../api/src/app';
import { build } from '../api/src/testing/test-server';

const server = await build();
let document: string;
try {
  const answer = await server.request({ method: 'GET', url: OPENAPI_PATH });
  if (answer.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${answer.statusCode}`);
  document = answer.body;
} finally {
  await server.close();
}

const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, document);
try {
  const root = path.resolve(import.meta.dirname, '..');
  const lint = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      path.join(root, 'redocly.yaml'),
      '--format',
      'stylish',
    ],
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
