// `npm run build -w apps/web`: builds the SPA into a new folder, builds/<hash of its sources>, and only when it is
// complete points `dist` (a symbolic link, what the server serves) at it in one rename, so a server running from this
// folder never sees a half-written build. When `dist` already points at a build of the same sources, nothing is built.
// Extra arguments go to vite; they are part of the hash.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(web, '../..');
const buildsDir = path.join(web, 'builds');
const dist = path.join(web, 'dist');
/** Builds kept besides the current one: a page loaded from the previous build may still fetch its lazy chunks. */
const KEEP_PREVIOUS = 2;

const SOURCES = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'public'),
  path.join(web, 'vite.config.ts'),
  // It writes the assets' compressed forms too.
  path.join(web, 'scripts/build.ts'),
  path.join(web, 'package.json'),
  path.join(repo, 'packages/contracts/src'),
  path.join(repo, 'package-lock.json'),
];

function hashSources(extraArgs: string[]): string {
  const hash = crypto.createHash('sha256').update(JSON.stringify(extraArgs));
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) visit(path.join(entry, name));
    } else {
      hash.update(path.relative(repo, entry)).update('\0').update(fs.readFileSync(entry)).update('\0');
    }
  };
  for (const source of SOURCES) visit(source);
  return hash.digest('hex').slice(0, 16);
}

const extraArgs = process.argv.slice(2);
const name = hashSources(extraArgs);
const target = path.join(buildsDir, name);
const current = fs.existsSync(dist) && fs.lstatSync(dist).isSymbolicLink() ? fs.readlinkSync(dist) : null;

if (current === path.join('builds', name) && fs.existsSync(path.join(target, 'index.html'))) {
  console.log(`Web app up to date (builds/${name}).`);
  process.exit(0);
}

fs.mkdirSync(buildsDir, { recursive: true });
const partial = path.join(buildsDir, `${name}.partial-${process.pid}`);
const localVite = path.join(repo, 'node_modules/.bin/vite');
const vite = spawnSync(
  fs.existsSync(localVite) ? localVite : 'vite',
  ['build', '--outDir', partial, '--emptyOutDir', ...extraArgs],
  {
    cwd: web,
    stdio: 'inherit',
    // Always a production build, whoever runs it: under vitest NODE_ENV is 'test', which vite would keep, and antd
    // and React would then be built in test mode (every generated element id 'test-id', development styles), while
    // the hash above (sources and arguments) would call it up to date for every later build.
    env: { ...process.env, NODE_ENV: 'production' },
  },
);
if (vite.status !== 0) {
  fs.rmSync(partial, { recursive: true, force: true });
  process.exit(vite.status ?? 1);
}
await precompressAssets(path.join(partial, 'assets'));
fs.rmSync(target, { recursive: true, force: true });
fs.renameSync(partial, target);

// The switch: a new link beside the old one, renamed over it (rename replaces atomically). A `dist` folder from before
// builds were kept apart is moved into builds/ first and deleted with the other old builds.
if (fs.existsSync(dist) && !fs.lstatSync(dist).isSymbolicLink()) {
  fs.renameSync(dist, path.join(buildsDir, `legacy-${Date.now()}`));
}
const link = path.join(web, `dist.new-${process.pid}`);
fs.rmSync(link, { force: true });
fs.symlinkSync(path.join('builds', name), link);
fs.renameSync(link, dist);
console.log(`Web app built into builds/${name}; dist points at it.`);

// Old builds: the newest few stay for pages still open, the rest go.
const old = fs
  .readdirSync(buildsDir)
  .filter((entry) => entry !== name && !entry.includes('.partial-'))
  .map((entry) => ({ entry, mtime: fs.statSync(path.join(buildsDir, entry)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime);
for (const { entry } of old.slice(KEEP_PREVIOUS))
  fs.rmSync(path.join(buildsDir, entry), { recursive: true, force: true });

/**
 * Each asset's brotli and gzip forms beside it, which the server sends as they are (@fastify/static `preCompressed`):
 * compressed per request, the hundred chunks the login page fetches while the user types cost the server about 0.15 s
 * of CPU on the 2-core machine, and held the sign-in's token request back behind them (docs/performance.md, "First
 * screen after sign-in"). Brotli quality 5: quality 11 is 8 % smaller and takes over 15 s a build here.
 */
async function precompressAssets(dir: string): Promise<void> {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const worthIt = (file: string) => /\.(js|css|svg|json|wasm|txt)$/.test(file);
  await Promise.all(
    fs
      .readdirSync(dir)
      .filter(worthIt)
      .map(async (file) => {
        const body = fs.readFileSync(path.join(dir, file));
        // Small files too: the server would compress them on the way anyway (a file's stream has no length it could
        // weigh against its 1 kB threshold).
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzip(body, { level: 9 }),
        ]);
        fs.writeFileSync(path.join(dir, `${file}.br`), br);
        fs.writeFileSync(path.join(dir, `${file}.gz`), gz);
      }),
  );
}
