import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createIngestWorkers } from '@tideline/ingest/worker/run-in-worker';
import type { Database } from '../db/open-database';
import { createAuthService } from '../modules/auth/auth.service';
import { createBankLinkProviders } from '../modules/bank-links/create-bank-link-providers';
import { resolveInstanceSecret } from './auth/instance-secret';
import { createDecoyHash, createPasswordHasher } from './auth/password-hasher';
import { createTokenSigner } from './auth/token-signer';
import type { Config } from './config';
import { createJobRunner } from './jobs/job-runner';
import { createMailer, type Mailer } from './mail/mailer';
import { createLocalStorage } from './storage/local-storage';
import type { Storage } from './storage/storage';

export type Platform = Awaited<ReturnType<typeof createPlatform>>;

/** Wires the cross-cutting services once per process; modules receive what they need explicitly. */
export async function createPlatform(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  overrides: { mailer?: Mailer; storage?: Storage } = {},
) {
  const secret = await resolveInstanceSecret(database.db, config.AUTH_SECRET);
  const hasher = createPasswordHasher({
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
  });
  const signer = createTokenSigner(secret, config.ACCESS_TOKEN_TTL_SECONDS);
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    });
  const localStorage = createLocalStorage({
    rootDir: path.join(config.dataDir, 'files'),
    secret,
  });
  // The AWS SDK is loaded only when the bucket is used: a process on local storage need not carry it.
  const storage: Storage =
    overrides.storage ??
    (config.S3_BUCKET
      ? (await import('./storage/s3-storage')).createS3Storage({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : localStorage);
  if (storage === localStorage) {
    // Uploads cut off by a stop of an earlier process: their temporary files serve nobody.
    void localStorage.sweepIncoming().then(
      (removed) => removed > 0 && log.info({ removed }, 'removed stale incoming upload files'),
      (err: unknown) => log.warn({ err }, 'could not sweep incoming upload files'),
    );
  }
  const jobs = createJobRunner({
    db: database.db,
    databaseUrl: database.url,
    log,
    maintenanceIntervalSeconds: config.JOB_MAINTENANCE_SECONDS,
  });
  // User files are read only here: worker threads with a heap and a time limit each, a few at a time.
  const ingestWorkers = createIngestWorkers({
    concurrency: config.PARSE_WORKERS,
    onCrash: (detail) => log.error({ detail }, 'ingest worker crashed'),
  });
  const parseBudget = { maxHeapMb: config.PARSE_MAX_HEAP_MB, timeoutMs: config.PARSE_TIMEOUT_SECONDS * 1000 };
  const auth = createAuthService({
    db: database.db,
    hasher,
    signer,
    mailer,
    log,
    decoyHash: await createDecoyHash(hasher),
    settings: {
      publicUrl: config.publicUrl,
      refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      inviteTtlHours: config.INVITE_TTL_HOURS,
      resetTtlMinutes: config.RESET_TTL_MINUTES,
      signInWindowMinutes: config.SIGNIN_WINDOW_MINUTES,
      maxFailuresPerAccount: config.SIGNIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: config.SIGNIN_MAX_FAILURES_PER_ADDRESS,
      mfaMaxFailuresPerAccount: config.MFA_MAX_FAILURES_PER_ACCOUNT,
      sessionMaxHours: config.SESSION_MAX_HOURS,
    },
  });
  // Plaid and Munitrust: the link routes and the pull (API or worker) share them.
  const bankLinkProviders = createBankLinkProviders(config, { db: database.db, log });
  return {
    config,
    database,
    hasher,
    signer,
    mailer,
    storage,
    localStorage,
    jobs,
    auth,
    ingestWorkers,
    parseBudget,
    bankLinkProviders,
  };
}
