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

const ZOD = /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/;
const CORE = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|clsx)[\\/]/,
  /[\\/]node_modules[\\/]@radix-ui[\\/]react-(slot|compose-refs)[\\/]/,
  /[\\/]web[\\/]src[\\/](utils[\\/]cn|config[\\/]|lib[\\/](signed-in|public-fetch)|components[\\/]ui[\\/](button|logo)|components[\\/]public[\\/]seo|components[\\/]layouts[\\/]app-footer|app[\\/]public[\\/]navigation)/,
  /[\\/]shared[\\/]constants\.ts$/,
];

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
        // React with the few small modules every first screen needs in one `core` chunk, preloaded
        // by index.html: a public page otherwise fetched it and ~10 chunks of 1 KB after the entry,
        // queued six at a time on HTTP/1.1, before its first paint (Lighthouse LCP on / 2.6 s →
        // 2.2 s). Icons stay one chunk each: grouped, every page would load all of the app's.
        manualChunks: (id) => (ZOD.test(id) ? 'zod' : CORE.some((re) => re.test(id)) ? 'core' : undefined),
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
