// `npm test`: type-check, lint, format check, then every test suite: unit and web, API on embedded PGlite, API on a PostgreSQL server,
// end-to-end in Chromium against the built app. Prints one closing line with the totals.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const reportDir = path.resolve('.tmp/test-reports');
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

type Step = { name: string; command: string[]; env?: Record<string, string>; report?: string };
const vitest = (name: string, projects: string[], env?: Record<string, string>): Step => {
  const report = path.join(reportDir, `${name}.json`);
  return {
    name,
    command: [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    report,
  };
};

// A list runs its steps side by side: the two API runs share nothing (a temporary PGlite snapshot against a randomly
// named template database), and vitest gives each run one worker on a 2-core machine, so together they use both cores.
const steps: (Step | Step[])[] = [
  { name: 'typecheck', command: ['node', 'scripts/typecheck.ts'] },
  { name: 'lint', command: ['npm', 'run', 'lint', '--silent'] },
  { name: 'format', command: ['npm', 'run', 'format:check', '--silent'] },
  vitest('unit', ['unit', 'web']),
  [
    vitest('api-pglite', ['api']),
    {
      ...vitest('api-postgres', ['api']),
      // TEST_DATABASE_URL, else the server on 127.0.0.1:5432, else a throwaway server from the npm binaries.
      command: ['node', 'scripts/with-postgres.ts', ...vitest('api-postgres', ['api']).command],
    },
  ],
  { name: 'build-web', command: ['npm', 'run', 'build', '--silent'] },
  // Rebuilds with a manifest and fails when the login page's JavaScript passes 200 kB gzipped.
  { name: 'login-bundle-size', command: ['npm', 'run', 'size', '--silent', '-w', 'apps/web'] },
  vitest('e2e', ['e2e']),
];

let passed = 0;
let failed = 0;
const runStarted = Date.now();
const stepTimes: string[] = [];
/** Seconds since `since`, for the closing lines: the README's figure for the whole run comes from them. */
const secondsSince = (since: number): number => Math.round((Date.now() - since) / 1000);
const failedSteps: string[] = [];

/** Adds a finished step's report to the totals; true when the step passed. */
function record(step: Step, status: number | null): boolean {
  if (step.report && fs.existsSync(step.report)) {
    const report = JSON.parse(fs.readFileSync(step.report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (status !== 0) failedSteps.push(step.name);
  return status === 0;
}

/** The first step prints as it goes; the others write to a log that is printed when they end, so nothing interleaves. */
async function runSideBySide(group: Step[]): Promise<void> {
  console.log(`\n=== ${group.map((step) => step.name).join(' + ')} (side by side) ===`);
  const runs = group.map((step, index) => {
    const [command, ...args] = step.command;
    const log = path.join(reportDir, `${step.name}.log`);
    const out = index === 0 ? 'inherit' : fs.openSync(log, 'w');
    const child = spawn(command, args, { stdio: ['ignore', out, out], env: { ...process.env, ...step.env } });
    return new Promise<void>((resolve) =>
      child.on('close', (status) => {
        if (index > 0) {
          console.log(`\n=== ${step.name} (its output) ===`);
          process.stdout.write(fs.readFileSync(log));
        }
        record(step, status);
        resolve();
      }),
    );
  });
  const started = Date.now();
  await Promise.all(runs);
  stepTimes.push(`${group.map((step) => step.name).join(' + ')} ${secondsSince(started)} s`);
}

for (const step of steps) {
  if (Array.isArray(step)) {
    await runSideBySide(step);
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const [command, ...args] = step.command;
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  // A type error or a failed build stops the run: the suites would test code that does not compile. Lint, format and
  // size findings are reported with the rest.
  stepTimes.push(`${step.name} ${secondsSince(started)} s`);
  if (!record(step, run.status) && (step.name === 'typecheck' || step.name === 'build-web')) break;
}
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nStep times: ${stepTimes.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed in ${secondsSince(runStarted)} s`);
process.exit(failedSteps.length ? 1 : 0);
