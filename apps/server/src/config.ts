// One typed configuration object read from the environment, with defaults for the embedded (PGlite) mode.
import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  baseUrl: string;
  brandName: string;
  demoPassword: string;
  seedDemoData: boolean;
  buildVersion: string;
  webDistDir: string | null;
  logLevel: string;
  tokenLifetimeHours: number;
  persistentTokenLifetimeDays: number;
  rateLimitPerMinute: number;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'registry@localhost',
    baseUrl: (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    brandName: env.BRAND_NAME ?? 'PetDNA Registry',
    demoPassword: env.DEMO_PASSWORD ?? 'Registry#2026',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    buildVersion: env.BUILD_VERSION ?? '2.0.0',
    webDistDir: env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenLifetimeHours: Number(env.TOKEN_LIFETIME_HOURS ?? 12),
    persistentTokenLifetimeDays: Number(env.PERSISTENT_TOKEN_LIFETIME_DAYS ?? 14),
    rateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 10),
  };
}
