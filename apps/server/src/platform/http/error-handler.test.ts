import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { MSG } from '@tideline/contracts';
import { registerErrorHandler } from './error-handler';

// A failure after the answer has begun cannot become a 500: the headers are gone. The handler ends the
// connection instead of writing a second answer onto it, and a client that left is logged as such.
describe('the error handler after the answer has begun', () => {
  let app: FastifyInstance;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logged.push(JSON.parse(line) as never) },
      },
    });
    registerErrorHandler(app);
    app.get('/cut', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write('{"rows":[');
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    });
    app.get('/broken', async () => {
      throw new Error('database gone');
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const url = (path: string) => {
    const address = app.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}${path}`;
  };

  it('ends the connection without a second answer, and logs a premature close as info', async () => {
    const response = await fetch(url('/cut'));
    expect(response.status).toBe(200);
    // The body stops where the failure came: the client sees a truncated answer, not a 500 inside it.
    await expect(response.text()).rejects.toThrow();
    const cut = logged.filter((l) => l.msg === 'answer cut short');
    expect(cut.map((l) => l.level)).toEqual([30]);
    expect(logged.some((l) => l.msg === 'unhandled error')).toBe(false);
  });

  it('still answers 500 with the generic message when nothing was sent yet', async () => {
    const unhandled = () => logged.filter((l) => l.msg === 'unhandled error').length;
    const before = unhandled();
    const response = await fetch(url('/broken'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ msg: 'Something went wrong. Please try again.' });
    expect(unhandled() - before).toBe(1);
  });
});

describe('the error handler when the database fails (issue 40 point 1)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/lost', async () => {
      throw new DrizzleQueryError(
        'select * from batch_accounts',
        [],
        new Error('Connection terminated unexpectedly'),
      );
    });
    app.get('/refused', async () => {
      const fatal = Object.assign(new Error('database "t" is not currently accepting connections'), {
        code: '55000',
      });
      throw new DrizzleQueryError('select 1', [], fatal);
    });
    app.get('/deadlock', async () => {
      throw new DrizzleQueryError(
        'update x',
        [],
        Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      );
    });
    app.get('/bad-sql', async () => {
      throw new DrizzleQueryError(
        'select nope',
        [],
        Object.assign(new Error('column "nope" does not exist'), { code: '42703' }),
      );
    });
  });
  afterAll(() => app.close());

  it('answers 503 with a sentence of ours, and says when to try again, for a lost or refused connection', async () => {
    for (const url of ['/lost', '/refused']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ msg: MSG.databaseUnavailable });
    }
  });

  it('answers 503 for a deadlock victim, and 500 without SQL for any other failed query', async () => {
    const deadlock = await app.inject({ url: '/deadlock' });
    expect(deadlock.statusCode).toBe(503);
    expect(deadlock.json()).toEqual({ msg: MSG.databaseBusy });
    const bad = await app.inject({ url: '/bad-sql' });
    expect(bad.statusCode).toBe(500);
    expect(bad.body).not.toMatch(/select|nope/);
  });
});
