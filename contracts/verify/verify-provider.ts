/**
 * `npm run pact:verify`: verifies contracts/pacts/*.json (or the broker's pacts, see
 * docs/contracts.md) against a running provider, PACT_PROVIDER_URL (default
 * http://localhost:5000). Provider states are set up through its public API and its dev mail
 * outbox, MAIL_OUTBOX_DIR (default .data/outbox, the reference server's default).
 */
import path from 'node:path';
import { runVerification } from './run-verification';

const providerUrl = (process.env.PACT_PROVIDER_URL || 'http://localhost:5000').replace(/\/+$/, '');
const outboxDir = path.resolve(process.env.MAIL_OUTBOX_DIR || path.join(process.env.DATA_DIR || '.data', 'outbox'));

/** One quick call first: with nothing listening, say so instead of failing every state setup. */
async function providerAnswers(): Promise<boolean> {
  try {
    await fetch(`${providerUrl}/api/Category`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

if (!(await providerAnswers())) {
  console.error(`Pact verification: no provider answers at ${providerUrl} (set PACT_PROVIDER_URL).`);
  process.exitCode = 1;
} else {
  try {
    await runVerification({ providerUrl, outboxDir });
    console.log(`Pact verification against ${providerUrl} passed.`);
  } catch (error) {
    console.error(`Pact verification against ${providerUrl} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
