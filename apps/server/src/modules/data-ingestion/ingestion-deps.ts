import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open-database';
import type { Storage } from '../../platform/storage/storage';

/** What the data-ingestion services that delete stored files need. */
export interface IngestionDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}
