import path from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// npm run bench -- <name>: runs scripts/bench/<name>.ts (e.g. "issues").

const name = process.argv[2];
const file = name && /^[a-z0-9-]+$/.test(name) ? path.join(import.meta.dirname, `${name}.ts`) : undefined;
if (!file || name === 'index' || !existsSync(file)) {
  console.error(`usage: npm run bench -- <name>   (a file scripts/bench/<name>.ts; got ${JSON.stringify(name ?? '')})`);
  process.exit(2);
}
const bench = (await import(pathToFileURL(file).href)) as { run(args: string[]): Promise<boolean> };
const passed = await bench.run(process.argv.slice(3));
process.exit(passed ? 0 : 1);
