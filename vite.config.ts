import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each built text file (x.js.br, x.js.gz), made once here at the
    // strongest settings, so the server sends them without compressing per request
    // (@fastify/static `preCompressed`, server/src/app.ts). Source maps are not served at all.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  // The manifest lets `npm run bench` weigh each route's first visit.
  // 'hidden': maps are written for debugging but not referenced, and the API refuses to serve them.
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
  server: {
    port: 5173,
    // `npm run dev`: the SPA on Vite, the API (and its socket) behind it on the same origin.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/images': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
