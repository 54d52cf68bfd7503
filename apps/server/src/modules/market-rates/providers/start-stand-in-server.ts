import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

export const readFixture = (name: string) => readFile(path.join(fixturesDir, name), 'utf8');

export type StandInHandler = (url: URL, res: ServerResponse) => void | Promise<void>;

/**
 * A local HTTP server on 127.0.0.1:0 standing in for FRED or the Treasury in tests, so the providers'
 * real fetch code runs; `requests` records every URL asked for.
 */
export async function startStandInServer(handler: StandInHandler) {
  const requests: URL[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    Promise.resolve(handler(url, res)).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}
