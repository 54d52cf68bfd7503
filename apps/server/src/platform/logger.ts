import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';

export function buildLogger(config: Pick<Config, 'LOG_LEVEL'>): FastifyBaseLogger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  }) as FastifyBaseLogger;
}
