import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [react()],
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
