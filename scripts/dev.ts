/**
 * `npm run dev`: the API server (restarting on change) and Vite with hot reload in front of it,
 * run side by side by concurrently (their output prefixed `api` and `web`). Open
 * http://localhost:5173; Vite proxies /api, /images and /socket.io to the API at its `PORT`
 * (default 5000; `API_PROXY_TARGET` points Vite at an API elsewhere, vite.config.ts).
 *
 *   npm run dev -- --port 5180     Vite on another port (mail links follow it)
 *
 * Ctrl-C (or SIGTERM to this process) stops both; when one of them stops, the other is stopped too.
 */
import { parseArgs } from 'node:util';
import { concurrently } from 'concurrently';

function vitePort(): number {
  const usage = 'Usage: npm run dev [-- --port <Vite port, default 5173>]';
  try {
    const { values } = parseArgs({ options: { port: { type: 'string', default: '5173' } }, strict: true });
    const port = Number(values.port);
    if (Number.isInteger(port) && port > 0 && port < 65536) return port;
    throw new Error(`--port must be a port number (1-65535), not ${JSON.stringify(values.port)}.`);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const port = vitePort();
const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false api/src/main.ts',
      // Mail links lead back to the hot-reloading shop unless PUBLIC_URL says otherwise.
      env: { PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
    },
    // --strictPort: on a busy port Vite stops instead of moving to another one the mail links do not name.
    { name: 'web', command: `vite --port ${port} --strictPort` },
  ],
  { prefix: 'name', prefixColors: ['cyan', 'magenta'], killOthersOn: ['failure', 'success'] },
);

// `npm run dev` runs this under a shell; a SIGTERM to npm ends that shell but (with dash) not this
// process: once the shell is gone, stop as if signalled ourselves.
const shell = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === shell) return;
  clearInterval(orphaned);
  process.kill(process.pid, 'SIGTERM');
}, 500).unref();

result.then(
  () => {
    process.exitCode = 0;
  },
  () => {
    process.exitCode = 1;
  },
);
