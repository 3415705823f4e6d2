import * as z from 'zod';

// Built into zod's own chunk (web/vite.config.ts manualChunks), so it runs whenever zod loads,
// before any schema of the app or of shared/ is built; lib/api-client.ts's schemaModule also loads
// it first. zod compiles fast object parsers with new Function() unless told not to; the
// Content-Security-Policy forbids eval (no 'unsafe-eval'), so the browser would report a violation
// for zod's probe. jitless parses the same, without eval.
z.config({ jitless: true });
