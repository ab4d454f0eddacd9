/**
 * `npm run dev`: the API server (restarting on change) and Vite with hot reload in front of it.
 * Open http://localhost:5173; Vite proxies /api, /images and /socket.io to the API on :5000.
 */
import { spawn } from 'node:child_process';

const children = [
  // Mail links lead back to the hot-reloading shop unless PUBLIC_URL says otherwise.
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
