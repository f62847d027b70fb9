// `npm run lint` refuses an import cycle: oxlint run with the repo's own .oxlintrc.json on two-file fixtures (written
// under .tmp/) fails a runtime cycle and a type-only one (the kind db/client.ts once had with the request context), and
// passes the same pair imported one way.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const oxlint = path.join(root, 'node_modules/.bin/oxlint');
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const fixtures = fs.mkdtempSync(path.join(root, '.tmp', 'lint-cycles-'));
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

/** Writes the files into a folder of their own and lints them (named one by one: oxlint's walk skips a git-ignored folder). */
function lint(name: string, files: Record<string, string>) {
  const dir = path.join(fixtures, name);
  fs.mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  const run = spawnSync(
    oxlint,
    ['--deny-warnings', '-c', path.join(root, '.oxlintrc.json'), ...Object.keys(files).map((f) => path.join(dir, f))],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('a two-file import cycle fails the lint with import/no-cycle', () => {
  const result = lint('runtime', {
    'orders.ts':
      "import { invoiceOf } from './invoices.ts';\nexport const orderTotal = (id: number) => invoiceOf(id) * 2;\n",
    'invoices.ts':
      "import { orderTotal } from './orders.ts';\nexport const invoiceOf = (id: number) => id + orderTotal(0);\n",
  });
  expect(result.status).not.toBe(0);
  expect(result.output).toContain('import(no-cycle)');
});

test('a cycle through a type-only import fails too', () => {
  const result = lint('types', {
    'client.ts':
      "import { queue } from './queue.ts';\nexport type Db = { name: string };\nexport const open = () => queue;\n",
    'queue.ts': "import type { Db } from './client.ts';\nexport const queue = (db: Db) => db.name;\n",
  });
  expect(result.status).not.toBe(0);
  expect(result.output).toContain('import(no-cycle)');
});

test('the same pair imported one way passes', () => {
  const result = lint('one-way', {
    'orders.ts':
      "import { invoiceOf } from './invoices.ts';\nexport const orderTotal = (id: number) => invoiceOf(id) * 2;\n",
    'invoices.ts': 'export const invoiceOf = (id: number) => id + 1;\n',
  });
  expect(result.output).not.toContain('no-cycle');
  expect(result.status).toBe(0);
});
