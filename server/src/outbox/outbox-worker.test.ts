import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { openPostgresDatabase } from '../db/postgres-database.ts';
import { type ServerProcess, spawnServer } from '../../../scripts/server-process.mjs';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { readMime } from '../../test/mime.ts';
import { createDatabase } from '../../../scripts/with-postgres.mjs';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new database on the PostgreSQL server at `serverUrl`, dropped after the test. */
async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const database = await createDatabase(serverUrl, 'workers');
  cleanups.push(database.drop);
  return database.url;
}

const mailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Three Lenses <course@lenses.example>',
  SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000',
  SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
});

describe('the outbox worker in the real server process', () => {
  it('finishes and records the send in flight when the server gets SIGTERM', async () => {
    const smtp = await startSmtpPeer({ delayMs: 1500 });
    cleanups.push(() => smtp.stop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'worker-data-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // PGlite on disk, as `npm start` runs; on the PostgreSQL pass, a fresh database there.
    const postgresUrl = process.env.DATABASE_URL
      ? await freshPostgresDatabase(process.env.DATABASE_URL)
      : undefined;
    const server = await spawnServer({
      env: {
        DATA_DIR: dataDir,
        DIST_DIR: dataDir,
        ...(postgresUrl && { DATABASE_URL: postgresUrl }),
        ...mailEnv(smtp.url),
      },
    });
    cleanups.push(() => server.stop('SIGKILL'));

    const arriving = smtp.nextMessageStarts();
    const response = await fetch(`http://127.0.0.1:${server.port}/functions/v1/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com' }),
    });
    expect(await response.json()).toEqual({ ok: true });
    await arriving;
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@example.com']]);

    const db = postgresUrl
      ? await openPostgresDatabase(postgresUrl)
      : await openPgliteDatabase(path.join(dataDir, 'pglite'));
    try {
      expect(await db.query('select status, attempts from public.email_outbox')).toEqual([
        { status: 'sent', attempts: 1 },
      ]);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two server processes on one PostgreSQL send each of 200 queued e-mails exactly once',
    async () => {
      const url = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
      const smtp = await startSmtpPeer({ delayMs: 25 });
      cleanups.push(() => smtp.stop());
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'workers-data-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

      const env = {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        DIST_DIR: dataDir,
        ...mailEnv(smtp.url),
      };
      const servers: ServerProcess[] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
      cleanups.push(() => Promise.all(servers.map((server) => server.stop('SIGKILL'))));

      const db = new pg.Client({ connectionString: url });
      await db.connect();
      cleanups.push(() => db.end());
      await db.query(`
        with people as (
          insert into public.signups (email, name, consent_version, source)
          select 'person' || n || '@example.com', 'Person ' || n, 'test', 'test' from generate_series(1, 200) n
          returning id, email
        )
        insert into public.email_outbox (signup_id, recipient) select id, email from people`);

      const deadline = Date.now() + 90_000;
      for (;;) {
        const { rows } = await db.query<{ left: string }>(
          "select count(*) as left from public.email_outbox where status <> 'sent'",
        );
        if (rows[0]?.left === '0' || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a duplicate to show up

      const keys = smtp.received.map((mail) => readMime(mail.raw).headers.get('x-entity-ref-id'));
      expect(smtp.received).toHaveLength(200);
      expect(new Set(keys).size).toBe(200);
      const { rows } = await db.query<{ status: string; attempts: number; count: string }>(
        'select status, attempts, count(*) from public.email_outbox group by 1, 2',
      );
      expect(rows).toEqual([{ status: 'sent', attempts: 1, count: '200' }]);
      const { rows: workers } = await db.query<{ locked_by: string }>(
        'select distinct locked_by from public.email_outbox',
      );
      // Both processes took part: the claim split the work rather than one server doing it all.
      expect(workers).toHaveLength(2);
      for (const server of servers) expect(await server.stop('SIGTERM')).toBe(0);
    },
  );
});
