import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { markdownPlugin } from './markdown-plugin';

// The SPA is built from web/ (run from the repo root: `vite build --config web/vite.config.ts`).
// It imports ../shared with relative paths, which Vite allows because the repo root is the
// package root.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [markdownPlugin(), react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // zod and its configuration (src/zod-config.ts: no eval under the CSP) in one chunk, so
        // the configuration runs before any schema of the app or of shared/ is built.
        manualChunks: (id) => (/[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/.test(id) ? 'zod' : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
