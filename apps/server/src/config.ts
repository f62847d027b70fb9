// One typed configuration object parsed from the environment by one zod schema, with defaults for the embedded (PGlite)
// mode. An invalid value stops the server with the variable's name and what it accepts.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LAB_TIME_ZONE, DEFAULT_PASSWORD_RULES, isTimeZone, passwordProblems } from '@registry/contracts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  /** S3-compatible object storage for uploaded files; when absent they go to filesDir. */
  filesS3: FilesS3Config | null;
  /** A PostgreSQL server; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  /** Connections this process keeps to the PostgreSQL server (docs/operations.md "Scale-out"). */
  databasePoolSize: number;
  smtpUrl: string | null;
  mailFrom: string;
  baseUrl: string;
  brandName: string;
  /** The demo users' password; null makes start-up generate one, print it once and write it to dataDir. */
  demoPassword: string | null;
  seedDemoData: boolean;
  buildVersion: string;
  webDistDir: string | null;
  logLevel: string;
  tokenLifetimeHours: number;
  persistentTokenLifetimeDays: number;
  rateLimitPerMinute: number;
  /** A request (headers and body) must arrive within this many seconds; a slower one is cut with 408. */
  requestTimeoutSeconds: number;
  /** The lab's IANA time zone: dates and times given without a zone are read in it. */
  labTimeZone: string;
  /** Staff may switch on the fake-data test mode: never in production (NODE_ENV=production). */
  testModeAvailable: boolean;
  /** Fastify's trustProxy: false (the socket's address is the client's), a hop count or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** AES-256 key for secrets at rest (security answers); null means run-server.ts reads or creates one in dataDir. */
  dataEncryptionKey: Buffer | null;
  /** The partner frame (/lifeplans): its address and the secret both sides sign session tokens with; null = off. */
  partnerBaseUrl: string | null;
  partnerSecret: string | null;
  /** Shop: tax on taxable items in basis points (825 = 8.25 %) and the flat shipping fee per order in cents. */
  shopTaxRateBasisPoints: number;
  shopShippingFeeCents: number;
  /** A mail whose first attempt failed is retried by the send-email job after this many seconds, then with backoff. */
  mailRetrySeconds: number;
  /** The map tile server of the collection points map ({z}/{x}/{y} in an https address); null: a plain plot. */
  mapTileUrl: string | null;
  /** Webhook deliveries to loopback, private, link-local and metadata addresses (and over plain http): local testing only. */
  webhooksAllowPrivateAddresses: boolean;
  /** The first retry of a failed webhook delivery after this many seconds, then doubling (about a day in all). */
  webhookRetrySeconds: number;
};

/** Where the S3 files store keeps objects: path-style requests to endpoint/bucket/prefix+name, SigV4-signed for region. */
export type FilesS3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
};

/** A configuration the server cannot start with; run-server.ts prints the message alone (no stack trace). */
export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: what })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: what });
const url = (protocols: string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: what },
  );
const flag = (what: string) => z.enum(['true', 'false'], { error: what }).transform((value) => value === 'true');
const ipOrCidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables whose values may hold credentials: their values never appear in an error message. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'DEMO_PASSWORD',
  'PARTNER_SECRET',
  'DATA_ENCRYPTION_KEY',
  'FILES_S3_SECRET_ACCESS_KEY',
]);

// Each entry's message completes "<NAME> must be ...". Absent and empty values take the default (`undefined`).
const environment = z.object({
  PORT: wholeNumber(0, 65535, 'a port number from 0 to 65535').optional(),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  FILES_DIR: z.string().optional(),
  DATABASE_URL: url(
    ['postgres:', 'postgresql:'],
    'a postgres:// address such as postgres://user:pass@db:5432/registry',
  ).optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 200, 'a whole number of connections from 1 to 200').optional(),
  SMTP_URL: url(
    ['smtp:', 'smtps:'],
    'an smtp:// or smtps:// address such as smtp://user:pass@smtp.example.com:587',
  ).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$|<[^\s@]+@[^\s@]+>$/, { error: 'an email address' })
    .optional(),
  BASE_URL: url(['http:', 'https:'], 'an http:// or https:// address such as https://registry.example.com').optional(),
  BRAND_NAME: z.string().max(100, { error: 'at most 100 characters' }).optional(),
  DEMO_PASSWORD: z
    .string()
    .refine((value) => passwordProblems(value, DEFAULT_PASSWORD_RULES).length === 0, {
      error:
        'a password by the password rules (8 or more characters with upper case, lower case, a digit and a symbol)',
    })
    .optional(),
  SEED_DEMO_DATA: flag('true or false').optional(),
  NODE_ENV: z.string().optional(),
  BUILD_VERSION: z.string().max(50, { error: 'at most 50 characters' }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `one of ${LOG_LEVELS.join(', ')}` }).optional(),
  TOKEN_LIFETIME_HOURS: wholeNumber(1, 8760, 'a whole number of hours from 1 to 8760').optional(),
  PERSISTENT_TOKEN_LIFETIME_DAYS: wholeNumber(1, 365, 'a whole number of days from 1 to 365').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 100_000, 'a whole number of attempts from 1 to 100000').optional(),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600, 'a whole number of seconds from 1 to 3600').optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      if (value === 'false') return false as const;
      if (/^\d+$/.test(value)) return Number(value) === 0 ? (false as const) : Number(value);
      const addresses = value.split(',').map((part) => part.trim());
      if (addresses.every((part) => ipOrCidr.test(part))) return addresses;
      ctx.addIssue({
        code: 'custom',
        message: "false, a hop count such as 1, or the proxies' addresses such as 10.0.0.5,10.0.1.0/24",
      });
      return z.NEVER;
    })
    .optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, {
      error: '32 bytes in base64 (openssl rand -base64 32)',
    })
    .transform((value) => Buffer.from(value, 'base64'))
    .optional(),
  LAB_TIME_ZONE: z.string().refine(isTimeZone, { error: 'an IANA time zone such as America/New_York' }).optional(),
  TEST_MODE: flag('true or false').optional(),
  PARTNER_BASE_URL: url(['http:', 'https:'], 'an http:// or https:// address of the partner service').optional(),
  PARTNER_SECRET: z.string().min(32, { error: 'at least 32 characters' }).optional(),
  SHOP_TAX_RATE_BASIS_POINTS: wholeNumber(0, 10_000, 'a whole number of basis points from 0 to 10000').optional(),
  SHOP_SHIPPING_FEE_CENTS: wholeNumber(0, 1_000_000, 'a whole number of cents from 0 to 1000000').optional(),
  MAIL_RETRY_SECONDS: wholeNumber(1, 86_400, 'a whole number of seconds from 1 to 86400').optional(),
  MAP_TILE_URL: z
    .string()
    .refine(
      (value) => /^https?:\/\/[^\s"'<>]+$/.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
      {
        error: 'an http(s) tile address with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      },
    )
    .optional(),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: flag('true or false').optional(),
  WEBHOOK_RETRY_SECONDS: wholeNumber(1, 3600, 'a whole number of seconds from 1 to 3600').optional(),
});

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given: Record<string, string> = {};
  for (const key of Object.keys(environment.shape))
    if (env[key] !== undefined && env[key] !== '') given[key] = env[key] as string;
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const problems = [
      ...new Set(
        parsed.error.issues.map((issue) => {
          const name = String(issue.path[0]);
          const shown = SECRET_VARIABLES.has(name) ? '' : `, not "${given[name]}"`;
          return `${name} must be ${issue.message}${shown}.`;
        }),
      ),
    ];
    throw new ConfigError(problems.join(' '));
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = vars.PORT ?? 3000;
  const databaseUrl = vars.DATABASE_URL ?? null;
  // Processes sharing a database must share the key; a key made per machine would leave answers unreadable elsewhere.
  if (databaseUrl && !vars.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'DATA_ENCRYPTION_KEY must be set when DATABASE_URL is: 32 bytes in base64 (openssl rand -base64 32), the same for every process.',
    );
  }
  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    filesDir: path.resolve(vars.FILES_DIR ?? path.join(dataDir, 'files')),
    filesS3: readFilesS3(env),
    databaseUrl,
    databasePoolSize: vars.DATABASE_POOL_SIZE ?? 10,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? 'registry@localhost',
    baseUrl: (vars.BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    brandName: vars.BRAND_NAME ?? 'PetDNA Registry',
    demoPassword: vars.DEMO_PASSWORD ?? null,
    // A server database or a production start gets demo users (with a known or printed password) only when asked for.
    seedDemoData: vars.SEED_DEMO_DATA ?? (!databaseUrl && vars.NODE_ENV !== 'production'),
    buildVersion: vars.BUILD_VERSION ?? '2.0.0',
    webDistDir: env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: vars.LOG_LEVEL ?? 'info',
    tokenLifetimeHours: vars.TOKEN_LIFETIME_HOURS ?? 12,
    persistentTokenLifetimeDays: vars.PERSISTENT_TOKEN_LIFETIME_DAYS ?? 14,
    rateLimitPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE ?? 10,
    requestTimeoutSeconds: vars.REQUEST_TIMEOUT_SECONDS ?? 90,
    trustProxy: vars.TRUST_PROXY ?? false,
    dataEncryptionKey: vars.DATA_ENCRYPTION_KEY ?? null,
    labTimeZone: vars.LAB_TIME_ZONE ?? DEFAULT_LAB_TIME_ZONE,
    testModeAvailable: vars.NODE_ENV !== 'production' && vars.TEST_MODE !== false,
    partnerBaseUrl: vars.PARTNER_BASE_URL?.replace(/\/$/, '') ?? null,
    partnerSecret: vars.PARTNER_SECRET ?? null,
    shopTaxRateBasisPoints: vars.SHOP_TAX_RATE_BASIS_POINTS ?? 0,
    shopShippingFeeCents: vars.SHOP_SHIPPING_FEE_CENTS ?? 0,
    mailRetrySeconds: vars.MAIL_RETRY_SECONDS ?? 60,
    mapTileUrl: vars.MAP_TILE_URL ?? null,
    webhooksAllowPrivateAddresses: vars.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES ?? false,
    webhookRetrySeconds: vars.WEBHOOK_RETRY_SECONDS ?? 60,
  };
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
    if (stray.length)
      throw new ConfigError(
        `${listed(stray)} set but FILES_S3_BUCKET is not: set FILES_S3_BUCKET to keep files in object storage, or unset ${stray.length === 1 ? 'it' : 'them'} to keep files in FILES_DIR.`,
      );
    return null;
  }
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length)
    throw new ConfigError(
      `FILES_S3_BUCKET is set, so uploaded files go to S3-compatible object storage, but ${listed(missing)} missing.`,
    );
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `FILES_S3_BUCKET "${bucket}" is not a valid bucket name (3-63 lower-case letters, digits, dots and hyphens).`,
    );
  let endpoint: URL;
  try {
    endpoint = new URL(env.FILES_S3_ENDPOINT as string);
  } catch {
    endpoint = new URL('invalid:');
  }
  if ((endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') || endpoint.search || endpoint.hash) {
    throw new ConfigError(
      `FILES_S3_ENDPOINT must be an http(s) address such as https://s3.us-east-1.amazonaws.com or http://minio:9000, not "${env.FILES_S3_ENDPOINT}".`,
    );
  }
  // The prefix is a folder in the bucket: no leading slash, one trailing slash, so keys read prefix/name.
  const prefix = (env.FILES_S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '..' || part === '.'))
    throw new ConfigError(`FILES_S3_PREFIX "${env.FILES_S3_PREFIX}" may not contain "." or ".." segments.`);
  return {
    endpoint: endpoint.toString().replace(/\/+$/, ''),
    bucket,
    region: env.FILES_S3_REGION || 'us-east-1',
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY as string,
    prefix: prefix ? `${prefix}/` : '',
  };
}
