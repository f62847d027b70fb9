// Measures what the browser downloads to show /login: every script and modulepreload index.html names, the login
// page's lazy chunk and everything they import statically, each file gzipped as served. Fails above 200 kB gzip
// (docs/performance.md). Every build writes the manifest: `npm run size -w apps/web` (a step of `npm test`).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 200;
const dist = path.resolve(import.meta.dirname, '../dist');
type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const files = new Set<string>();
const walk = (key: string) => {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
};
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const named = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map(
  (m) => m[1],
);
if (named.length === 0) throw new Error('index.html names no script; is dist built?');
for (const file of named) {
  const key = keyOfFile.get(file);
  if (key) walk(key);
  else files.add(file);
}
const login = Object.keys(manifest).find((k) => k.endsWith('features/accounts/LoginPage.tsx'));
if (!login) throw new Error('LoginPage chunk missing from the manifest; rebuild (npm run build).');
walk(login);

let raw = 0;
let gzip = 0;
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file));
  raw += bytes.length;
  gzip += gzipSync(bytes).length;
}
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(
  `login page JavaScript: ${files.size} files, ${kb(raw)} kB raw, ${kb(gzip)} kB gzip (budget ${BUDGET_KB} kB)`,
);
if (gzip / 1024 > BUDGET_KB) {
  console.error(
    `The login page loads more than ${BUDGET_KB} kB of gzipped JavaScript: keep post-sign-in code in lazy chunks.`,
  );
  process.exitCode = 1;
}
