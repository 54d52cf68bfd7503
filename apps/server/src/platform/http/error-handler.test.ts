import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
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
