// `npm run create-admin -w apps/server -- --user-name ... --email ...`: creates the first lab administrator on an empty
// database; what the arguments leave out is asked for (the password without echo).
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './prepare-database.ts';
import { createFirstAdmin, FirstAdminError } from './seed/first-admin.ts';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.ts';

const { values } = parseArgs({
  options: {
    'user-name': { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
  },
});

// One reader for every question, whose line iterator buffers piped answers (one a line) until they are asked for.
// A password is typed into an output that echoes nothing.
const echo = { on: true };
let terminal: readline.Interface | null = null;
let lines: AsyncIterator<string> | null = null;
async function ask(question: string, secret = false): Promise<string> {
  terminal ??= readline.createInterface({
    input: process.stdin,
    output: new Writable({ write: (chunk, _encoding, done) => (echo.on && process.stdout.write(chunk), done()) }),
    terminal: process.stdin.isTTY,
  });
  lines ??= terminal[Symbol.asyncIterator]();
  process.stdout.write(question);
  echo.on = !secret;
  const next = await lines.next();
  echo.on = true;
  if (secret) process.stdout.write('\n');
  if (next.done) fail(`No answer to "${question.trim()}"`);
  return String(next.value).trim();
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = readConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  throw error;
}
const input = {
  userName: values['user-name'] ?? (await ask('User name: ')),
  firstName: values['first-name'] ?? (await ask('First name: ')),
  lastName: values['last-name'] ?? (await ask('Last name: ')),
  email: values.email ?? (await ask('Email: ')),
  password: values.password ?? (await ask('Password: ', true)),
  rootName: config.brandName,
};
(terminal as readline.Interface | null)?.close();

let lock: { release(): void } | null = null;
if (!config.databaseUrl) {
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message} Stop the server first.`);
    throw error;
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const created = await database.withStartupLock(async () => {
    await prepareDatabase(database);
    return createFirstAdmin(database.db, input);
  });
  console.log(
    `Created lab administrator ${input.userName} (user ${created.userId}) on the hierarchy root (group ${created.rootGroupId}).`,
  );
} catch (error) {
  if (error instanceof FirstAdminError) {
    process.exitCode = 1;
    console.error(`Not created: ${error.message}`);
  } else throw error;
} finally {
  await database.close();
  lock?.release();
}
