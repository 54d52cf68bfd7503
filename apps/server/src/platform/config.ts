import path from 'node:path';
import { z } from 'zod';

// Every environment variable the server reads, with its default. README.md "Configuration" lists them.
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  // How many server processes share the port (main.ts): one Node process uses one core. PostgreSQL
  // only; each has its own pool of DATABASE_POOL_SIZE connections.
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  AUTH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(14),
  INVITE_TTL_HOURS: z.coerce.number().int().min(1).default(72),
  RESET_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
  SIGNIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  // Issue 14 points 5 and 7: wrong MFA codes per account in the sign-in window (a right password does
  // not reset them), and the absolute lifetime of a signed-in session, which refreshing never extends.
  MFA_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  // How long the API keeps a signed-in user in memory at most (0 = read them on every request). Changes
  // evict them at once through PostgreSQL notifications; embedded mode never caches (see app.ts).
  ACCESS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).default(65536),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(3),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(104_857_600),
  // Every user file is read in a worker thread (issue 14 point 1): how many at once, and each one's
  // heap and time budget. A template preview uses at most 256 MB and 20 s of it.
  PARSE_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  PARSE_MAX_HEAP_MB: z.coerce.number().int().min(16).max(16_384).default(512),
  PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  // Statement extraction jobs (issue 16 point 5): how long one file's job may run before pg-boss
  // takes it for dead (a worker killed mid-file) and retries it on another worker; and how often
  // pg-boss looks for such jobs. A retry starts only after both have passed.
  EXTRACTION_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tideline <no-reply@tideline.local>'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  JOBS_IN_PROCESS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Market rates (issue 6 point 4): which providers the daily refresh asks, in order; none = keep
  // the shipped snapshot and imported files only.
  MARKET_RATES_PROVIDERS: z
    .string()
    .default('none')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim().toLowerCase())
        .filter((p) => p !== 'none'),
    )
    .pipe(z.array(z.enum(['fred', 'treasury'], 'Each provider must be fred or treasury (or the list none).')))
    .transform((list) => [...new Set(list)]),
  FRED_API_KEY: z
    .string()
    .regex(/^[a-z0-9]{32}$/, 'A FRED API key is 32 lower-case letters and digits.')
    .optional(),
  FRED_BASE_URL: z.string().url().default('https://api.stlouisfed.org/fred'),
  TREASURY_BASE_URL: z
    .string()
    .url()
    .default('https://home.treasury.gov/resource-center/data-chart-center/interest-rates'),
  MARKET_RATES_REFRESH_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'A cron expression has five fields (minute hour day month weekday).')
    .default('30 18 * * *'),
  // Issue 43: the nightly detection of the exception queue over every client (UTC); 'off' turns it off.
  EXCEPTIONS_DETECT_CRON: z
    .string()
    .regex(
      /^(off|\S+( \S+){4})$/,
      'A cron expression has five fields (minute hour day month weekday), or off.',
    )
    .default('15 5 * * *'),
  // Issue 43 point 5: the daily digest mail of new and overdue exceptions (UTC); 'off' turns it off.
  EXCEPTIONS_DIGEST_CRON: z
    .string()
    .regex(
      /^(off|\S+( \S+){4})$/,
      'A cron expression has five fields (minute hour day month weekday), or off.',
    )
    .default('0 11 * * 1-5'),
  MARKET_RATES_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  // Issue 41 point 5: an account "earns" when its rate is at least this percent of its level's
  // benchmark (cash-vest/account-earning.ts reads it; checked here so a bad value stops the start).
  EARNING_RATE_SHARE_PERCENT: z.coerce.number().min(0).max(100).default(75),
  // Bank links (issue 16 point 8): Plaid is on when its client id and secret are set; its access
  // tokens are then stored encrypted with PLAID_TOKEN_KEY, so the key is required with them.
  PLAID_CLIENT_ID: z.string().trim().min(1).optional(),
  PLAID_SECRET: z.string().trim().min(1).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production'], 'PLAID_ENV is sandbox or production.').default('sandbox'),
  PLAID_BASE_URL: z.string().url().optional(),
  PLAID_TOKEN_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'PLAID_TOKEN_KEY is 32 random bytes in base64 (openssl rand -base64 32).')
    .optional(),
  PLAID_CLIENT_NAME: z.string().trim().min(1).max(30).default('Tideline'),
  PLAID_DAYS_REQUESTED: z.coerce.number().int().min(1).max(730).default(730),
  PLAID_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.MARKET_RATES_PROVIDERS.includes('fred') && !e.FRED_API_KEY)
    throw new Error('Invalid configuration:\n  MARKET_RATES_PROVIDERS: fred needs FRED_API_KEY.');
  const plaid = readPlaidConfig(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    isProduction: e.NODE_ENV === 'production',
    databaseMode: e.DATABASE_URL ? ('server' as const) : ('embedded' as const),
    // Embedded mode has no separate worker process, so jobs run in the API process unless told otherwise.
    jobsInProcess: e.JOBS_IN_PROCESS ?? !e.DATABASE_URL,
    // The embedded database is a library inside one process: it cannot be shared by several.
    serverProcesses: e.DATABASE_URL ? e.SERVER_PROCESSES : 1,
    fredBaseUrl: e.FRED_BASE_URL.replace(/\/$/, ''),
    treasuryBaseUrl: e.TREASURY_BASE_URL.replace(/\/$/, ''),
    plaid,
  };
}

/** Plaid's settings when it is configured, else null (its routes then answer 'not configured'). */
function readPlaidConfig(e: z.infer<typeof EnvSchema>) {
  if (!e.PLAID_CLIENT_ID && !e.PLAID_SECRET) return null;
  const missing = [
    !e.PLAID_CLIENT_ID && 'PLAID_CLIENT_ID',
    !e.PLAID_SECRET && 'PLAID_SECRET',
    !e.PLAID_TOKEN_KEY && 'PLAID_TOKEN_KEY',
  ].filter(Boolean);
  if (missing.length) throw new Error(`Invalid configuration:\n  Plaid needs ${missing.join(', ')} as well.`);
  return {
    clientId: e.PLAID_CLIENT_ID!,
    secret: e.PLAID_SECRET!,
    environment: e.PLAID_ENV,
    basePath: (e.PLAID_BASE_URL ?? `https://${e.PLAID_ENV}.plaid.com`).replace(/\/$/, ''),
    tokenKey: Buffer.from(e.PLAID_TOKEN_KEY!, 'base64'),
    clientName: e.PLAID_CLIENT_NAME,
    daysRequested: e.PLAID_DAYS_REQUESTED,
    timeoutMs: e.PLAID_TIMEOUT_MS,
  };
}

export type PlaidConfig = NonNullable<ReturnType<typeof readPlaidConfig>>;
