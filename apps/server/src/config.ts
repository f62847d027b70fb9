// One typed configuration object read from the environment, with defaults for the embedded (PGlite) mode.
import path from 'node:path';
import { DEFAULT_LAB_TIME_ZONE, isTimeZone } from '@registry/contracts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  /** S3-compatible object storage for uploaded files; when absent they go to filesDir. */
  filesS3: FilesS3Config | null;
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
  /** The lab's IANA time zone: dates and times given without a zone are read in it. */
  labTimeZone: string;
  /** Staff may switch on the fake-data test mode: never in production (NODE_ENV=production). */
  testModeAvailable: boolean;
};

/** Where the S3 files store keeps objects: path-style requests to endpoint/bucket/prefix+name, SigV4-signed for region. */
export type FilesS3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix: string };

/** A configuration the server cannot start with; main.ts prints the message alone (no stack trace). */
export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    filesS3: readFilesS3(env),
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
    labTimeZone: readLabTimeZone(env),
    testModeAvailable: env.NODE_ENV !== 'production' && env.TEST_MODE !== 'false',
  };
}

function readLabTimeZone(env: NodeJS.ProcessEnv): string {
  const zone = env.LAB_TIME_ZONE?.trim() || DEFAULT_LAB_TIME_ZONE;
  if (!isTimeZone(zone)) throw new ConfigError(`LAB_TIME_ZONE "${zone}" is not a time zone: give an IANA name such as America/New_York.`);
  return zone;
}

const S3_REQUIRED = ['FILES_S3_ENDPOINT', 'FILES_S3_ACCESS_KEY_ID', 'FILES_S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['FILES_S3_REGION', 'FILES_S3_PREFIX'] as const;
const listed = (names: readonly string[]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'}`;

/** The S3 files store settings, or null for the local folder; a half-given configuration is refused, never ignored. */
function readFilesS3(env: NodeJS.ProcessEnv): FilesS3Config | null {
  const bucket = env.FILES_S3_BUCKET?.trim();
  if (!bucket) {
    // Without this, a typo in the bucket variable would quietly keep uploads on one machine's disk.
    const stray = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => env[name]);
    if (stray.length) throw new ConfigError(`${listed(stray)} set but FILES_S3_BUCKET is not: set FILES_S3_BUCKET to keep files in object storage, or unset ${stray.length === 1 ? 'it' : 'them'} to keep files in FILES_DIR.`);
    return null;
  }
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length) throw new ConfigError(`FILES_S3_BUCKET is set, so uploaded files go to S3-compatible object storage, but ${listed(missing)} missing.`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`FILES_S3_BUCKET "${bucket}" is not a valid bucket name (3-63 lower-case letters, digits, dots and hyphens).`);
  let endpoint: URL;
  try {
    endpoint = new URL(env.FILES_S3_ENDPOINT as string);
  } catch {
    endpoint = new URL('invalid:');
  }
  if ((endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') || endpoint.search || endpoint.hash) {
    throw new ConfigError(`FILES_S3_ENDPOINT must be an http(s) address such as https://s3.us-east-1.amazonaws.com or http://minio:9000, not "${env.FILES_S3_ENDPOINT}".`);
  }
  // The prefix is a folder in the bucket: no leading slash, one trailing slash, so keys read prefix/name.
  const prefix = (env.FILES_S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '..' || part === '.')) throw new ConfigError(`FILES_S3_PREFIX "${env.FILES_S3_PREFIX}" may not contain "." or ".." segments.`);
  return {
    endpoint: endpoint.toString().replace(/\/+$/, ''),
    bucket,
    region: env.FILES_S3_REGION || 'us-east-1',
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY as string,
    prefix: prefix ? `${prefix}/` : '',
  };
}
