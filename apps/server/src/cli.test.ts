import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../test/run-cli';

const cli = (args: string[], overrides: Record<string, string | undefined> = {}) =>
  runCli(args, { DATABASE_URL: inject('databaseUrl'), ...overrides });

describe('npm run cli -- create-admin', () => {
  it('creates an Admin and prints the invitation link; a second time it refuses', async () => {
    const email = `cli.${Date.now()}@example.com`;
    const args = ['create-admin', '--email', email, '--first-name', 'Grace', '--last-name', 'Hopper'];
    const first = await cli(args);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(`/reset-password/${encodeURIComponent(email)}/[A-Za-z0-9_-]{43}`),
    );
    const again = await cli(args);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`A user with the email ${email} already exists.`);
  });

  it('refuses an embedded database that a running server holds', async () => {
    // PGlite does not lock its folder; a running instance keeps pgdata/postmaster.pid in it.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cli-busy-'));
    await mkdir(path.join(dataDir, 'pgdata'));
    await writeFile(path.join(dataDir, 'pgdata', 'postmaster.pid'), '42\n');
    const args = ['create-admin', '--email', 'busy@example.com', '--first-name', 'A', '--last-name', 'B'];
    const res = await cli(args, { DATABASE_URL: undefined, DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is in use: stop the server (npm start) first');
  });

  it('prints the usage for missing arguments', async () => {
    const res = await cli(['create-admin', '--email', 'x@example.com']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run cli -- create-admin');
  });
});

describe('npm run cli -- seed-demo', () => {
  it('refuses a database that already has clients, with exit code 1', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    await client.query(`insert into clients (client_name) values ('CLI seed-demo guard ${Date.now()}')`);
    await client.end();
    const res = await cli(['seed-demo']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('The database already has clients: seed-demo only fills an empty database.');
  });
});

describe('npm run cli -- demo-statements DIR', () => {
  it('refuses a DIR that is a file before opening the database', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'cli-demo-')), 'statements.txt');
    await writeFile(file, 'not a folder\n');
    const res = await cli(['demo-statements', file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${file} is a file: give a folder for the statements`);
  });

  it('prints the usage without a DIR', async () => {
    const res = await cli(['demo-statements']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('npm run cli -- demo-statements DIR');
  });
});
