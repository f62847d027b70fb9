// Measures what the browser downloads to show /login (entry chunk, the login page chunk and
// everything they import statically) and fails above the 300 kB gzip budget of ARCHITECTURE.md.
// Run after `vite build --manifest`: `npm run size -w apps/web`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 300;
const dist = path.resolve(import.meta.dirname, '../dist');
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const seen = new Set<string>();
const walk = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/accounts/LoginPage.tsx'));
if (!entry || !login) throw new Error('Entry or LoginPage chunk missing from the manifest; build with --manifest.');
walk(entry);
walk(login);

let raw = 0;
let gzip = 0;
for (const key of seen) {
  for (const file of [manifest[key].file, ...(manifest[key].css ?? [])]) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
}
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`login route: ${seen.size} chunks, ${kb(raw)} kB raw, ${kb(gzip)} kB gzip (budget ${BUDGET_KB} kB)`);
if (gzip / 1024 > BUDGET_KB) process.exitCode = 1;
