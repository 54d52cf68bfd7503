import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open-database';
import type { JobRunner } from '../../platform/jobs/job-runner';
import type { Storage } from '../../platform/storage/storage';

/** What the upload, extraction, download and pull services need. */
export interface ExtractionDeps {
  db: Db;
  storage: Storage;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  uploadLimitBytes: number;
}
