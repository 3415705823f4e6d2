import { z } from 'zod';

// Imported first by app/mount.tsx, before any schema is built. zod compiles fast object parsers with
// new Function() unless told not to; the Content-Security-Policy forbids eval (no 'unsafe-eval'),
// so the browser would report a violation for zod's probe. jitless parses the same, without eval.
z.config({ jitless: true });
