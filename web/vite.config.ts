import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { markdownPlugin } from './markdown-plugin';
import { seoPlugin } from './seo-plugin';

// The SPA is built from web/ (run from the repo root: `vite build --config web/vite.config.ts`).
// It imports ../shared with relative paths, which Vite allows because the repo root is the
// package root.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => ({
  root,
  plugins: [markdownPlugin(), react(), tailwindcss(), seoPlugin(loadEnv(mode, root, 'VITE_').VITE_SITE_URL || 'http://localhost:3000')],
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
    // The bundle benchmark (scripts/bench/bundles.ts) reads the chunk graph from it.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/qa': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/qa': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
