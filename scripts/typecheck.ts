// Type-checks every workspace with its own tsconfig (the server and the web app need different libs).
import { spawnSync } from 'node:child_process';

const projects = ['packages/contracts', 'packages/genetics', 'apps/server', 'apps/web', 'e2e'];
let failed = false;
for (const project of projects) {
  const run = spawnSync('tsc', ['-p', project], { stdio: 'inherit', shell: false });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
