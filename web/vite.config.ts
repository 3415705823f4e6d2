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
