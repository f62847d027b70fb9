// `npm run dev`: the API with reload on change and the Vite dev server with hot reload, stopped together.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: '' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (stop(), (process.exitCode = code ?? 0)));
