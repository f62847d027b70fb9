// The server process: reads config, checks the files store, locks the data folder, migrates, seeds demo data on an empty database, listens, shuts down.
import { buildApp } from './app.ts';
import { ConfigError, readConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './prepare-database.ts';
import {
  DEMO_ADMINS,
  DEMO_PET_OWNER,
  DEMO_RESIDENT,
  isDatabaseEmpty,
  seedDemoData,
  writeDemoPasswordFile,
} from './seed/demo.ts';
import { seedDemoDna } from './seed/demo-dna.ts';
import { seedDemoResults } from './seed/demo-results.ts';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.ts';
import { encryptClearSecurityAnswers } from './modules/accounts/security-answers.queries.ts';
import { filesStoreFor } from './platform/files.ts';
import { readOrCreateDataKey } from './platform/secrets.ts';
import { createMailer } from './platform/mailer.ts';
import { generatePassword } from './platform/passwords.ts';
import { heapForServingRequests } from './platform/export-heap.ts';

let config: Config;
try {
  config = readConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
// Checked before anything else starts, so a wrong bucket, endpoint or key stops the server with its reason.
const files = filesStoreFor(config);
try {
  await files.check();
} catch (error) {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
let lock: { release(): void } | null = null;
if (!config.databaseUrl) {
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// The embedded default keeps its key beside the database; processes sharing a server database are given one (config.ts).
if (!config.dataEncryptionKey) config = { ...config, dataEncryptionKey: readOrCreateDataKey(config.dataDir) };
const dataKey = config.dataEncryptionKey as Buffer;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
// Without DEMO_PASSWORD the demo users get a random password, shown once here and kept in a file only this machine reads.
const seeded = await database.withStartupLock(async () => {
  await prepareDatabase(database);
  if (config.seedDemoData && (await isDatabaseEmpty(database.db))) {
    const password = config.demoPassword ?? generatePassword();
    await seedDemoData(database.db, password);
    await seedDemoDna(database.db, files);
    await encryptClearSecurityAnswers(database.db, dataKey);
    return { password, file: config.demoPassword ? null : writeDemoPasswordFile(config.dataDir, password) };
  }
  await encryptClearSecurityAnswers(database.db, dataKey);
  return null;
});

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
const app = await buildApp({ db: database.db, config, mailer }, { logger: { level: config.logLevel } });
// The demo's results go through the lab's services, whose match runs the job queue runs: made once the app is ready.
// A failure leaves the demo without some results, said on the console; the server itself is sound and starts.
let demoResultsFailure: string | null = null;
if (seeded) {
  await app.ready();
  try {
    await seedDemoResults({ db: database.db, config, mailer });
  } catch (error) {
    demoResultsFailure = error instanceof Error ? error.message : String(error);
  }
}
await app.listen({ port: config.port, host: config.host });
heapForServingRequests();

// One write, so whoever watches the output (a supervisor, the process test) sees the whole start-up notice at once.
const notice = [
  `\n${config.brandName} 2.0 is running at ${config.baseUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
  `Uploaded files are kept in the ${files.description}.`,
];
if (seeded) {
  const names = [...DEMO_ADMINS.map((admin) => admin.userName), DEMO_PET_OWNER, DEMO_RESIDENT].join(', ');
  notice.push('Demo data was created.', `Demo sign-in names: ${names}`);
  if (demoResultsFailure) notice.push(`The demo's results could not all be made: ${demoResultsFailure}`);
  notice.push(
    seeded.file
      ? `Demo password (shown once; also written to ${seeded.file}): ${seeded.password}`
      : 'Demo password: the value of DEMO_PASSWORD.',
  );
}
console.log(notice.join('\n'));

const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: finishing requests in flight, then closing the database`);
  // Browsers hold keep-alive connections (and preconnected sockets that never send a request) for up to a minute:
  // keep closing the idle ones while requests in flight finish, and cut whatever is left after the grace period.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 250);
  const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    await app.close();
    clearInterval(idleSweep);
    clearTimeout(deadline);
    mailer.close();
    await database.close();
  } finally {
    lock?.release();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
