/**
 * `npm run pact:verify:local` (part of `npm test`): starts the reference server in this process
 * on a free port with a fresh PGlite database and the default rate limits (its throttles emptied
 * before each provider state), verifies the pacts against it, and stops it. With
 * TEST_DATABASE_URL set, a second run does the same on a fresh schema of that PostgreSQL.
 */
import { runVerification } from './run-verification';
import { startReferenceServer } from './start-reference-server';

const runs: { engine: 'pglite' | 'postgres'; postgresUrl?: string }[] = [{ engine: 'pglite' }];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) runs.push({ engine: 'postgres', postgresUrl });

let failed = false;
for (const run of runs) {
  const server = await startReferenceServer(run);
  try {
    // The committed pact files, never a broker: this checks our own reference server.
    // Default limits, and a test-only reset of the throttles before each state (start-reference-server.ts).
    await runVerification({
      providerUrl: server.url,
      outboxDir: server.outboxDir,
      resetThrottles: server.resetThrottles,
      env: { ...process.env, PACT_BROKER_BASE_URL: '' },
    });
    console.log(`Pact verification against the reference server on ${run.engine} passed.`);
  } catch (error) {
    failed = true;
    console.error(
      `Pact verification against the reference server on ${run.engine} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await server.close();
  }
}
process.exitCode = failed ? 1 : 0;
