// The web build never leaves `apps/web/dist` half written: while a build runs, dist/index.html is readable and every
// script it names exists (the old build until the switch, the new one after); an unchanged source tree is not rebuilt.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const web = path.resolve(import.meta.dirname, '../apps/web');
const dist = path.join(web, 'dist');
const build = (args: string[]) => spawn('node', ['scripts/build.ts', ...args], { cwd: web, stdio: 'pipe' });

/** What a server would answer for the page: its scripts, each checked to exist. */
function pageProblems(): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  } catch (error) {
    return [`index.html: ${(error as Error).message}`];
  }
  const scripts = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  if (!scripts.length) return ['index.html names no script'];
  return scripts.filter((file) => !fs.existsSync(path.join(dist, file))).map((file) => `missing ${file}`);
}

test('a rebuild switches dist at once, and an unchanged tree is not rebuilt', { timeout: 180_000 }, async () => {
  expect(spawnSync('node', ['scripts/build.ts'], { cwd: web }).status).toBe(0);
  const before = fs.readlinkSync(dist);
  const again = spawnSync('node', ['scripts/build.ts'], { cwd: web, encoding: 'utf8' });
  expect(again.stdout).toContain('up to date');
  expect(fs.readlinkSync(dist)).toBe(before);

  // Another build (other vite arguments make another hash) while the page is read over and over.
  const problems: string[] = [];
  let reads = 0;
  const running = build(['--sourcemap']);
  const done = new Promise<number | null>((resolve) => running.once('close', resolve));
  // Set when the build ends (an object, since the loop itself never changes it).
  const build$ = { finished: false };
  void done.then(() => (build$.finished = true));
  while (!build$.finished) {
    problems.push(...pageProblems());
    reads++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(await done).toBe(0);
  expect(reads).toBeGreaterThan(10);
  expect(problems).toEqual([]);
  expect(fs.readlinkSync(dist)).not.toBe(before);
  // Back to the plain build, as the other steps of `npm test` expect.
  expect(spawnSync('node', ['scripts/build.ts'], { cwd: web }).status).toBe(0);
  expect(fs.readlinkSync(dist)).toBe(before);
});
