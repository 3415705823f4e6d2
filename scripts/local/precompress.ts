import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The local server serves the built SPA compressed, as CloudFront does in AWS (compress: true):
// brotli and gzip copies are written beside each text file once, and sirv picks them by
// Accept-Encoding. Without it, local page-speed measurements would pay for uncompressed bytes.

const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt|map)$/;

export function precompress(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompress(file);
      continue;
    }
    if (!TEXT.test(entry.name) || entry.name.endsWith('.map')) continue;
    const source = statSync(file);
    for (const [ext, compress] of [
      ['.br', (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })],
      ['.gz', (b: Buffer) => gzipSync(b, { level: 9 })],
    ] as const) {
      const target = file + ext;
      let fresh = false;
      try {
        fresh = statSync(target).mtimeMs >= source.mtimeMs;
      } catch {
        fresh = false;
      }
      if (fresh) continue;
      writeFileSync(target, compress(readFileSync(file)));
      written += 1;
    }
  }
  return written;
}
