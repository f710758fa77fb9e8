// Two workers: two server processes on one PostgreSQL drain a queue of e-mails; each is sent exactly once,
// and both processes take part.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../server/test/smtp-peer.ts';
import {
  cleanups,
  freshPostgresDatabase,
  peakRssMb,
  recordMetrics,
  runCleanups,
  serverEnv,
  size,
  sleep,
  startServer,
  tally,
  tempDir,
  waitFor,
} from './harness.ts';

afterEach(runCleanups);

const QUEUED = size(300, 1_000);

describe('two server processes on one PostgreSQL', () => {
  it(
    `drain ${QUEUED} queued e-mails, each sent exactly once`,
    { timeout: size(180_000, 600_000) },
    async () => {
      const databaseUrl = await freshPostgresDatabase();
      const smtp = await startSmtpPeer({ delayMs: 5 });
      cleanups.push(() => smtp.stop());
      const dataDir = await tempDir('workers-data-');
      const env = serverEnv(dataDir, smtp.url, { DATABASE_URL: databaseUrl });
      // The first server applies the migrations; the queue is filled before the second starts and both poll.
      const first = await startServer(env);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      cleanups.push(() => db.end());
      await db.query(
        `with people as (
         insert into public.signups (email, name, consent_version, source)
         select 'queued-' || n || '@example.com', 'Queued ' || n, 'test', 'test' from generate_series(1, $1::int) n
         returning id, email
       )
       insert into public.email_outbox (signup_id, recipient, next_attempt_at)
       select id, email, now() + interval '3 seconds' from people`,
        [QUEUED],
      );
      const second = await startServer(env);
      const started = Date.now();
      await waitFor(
        async () => {
          const { rows } = await db.query<{ left: number }>(
            "select count(*)::int as left from public.email_outbox where status <> 'sent'",
          );
          return rows[0]?.left === 0;
        },
        size(150_000, 500_000),
        250,
      );
      const seconds = (Date.now() - started) / 1000;
      await sleep(1500); // room for a duplicate to arrive
      const peak = Math.max(peakRssMb(first.child.pid), peakRssMb(second.child.pid));
      const deliveries = tally(smtp.received.map((mail) => mail.to[0] ?? ''));
      const duplicates = [...deliveries.values()].reduce((sum, n) => sum + n - 1, 0);
      const { rows: outbox } = await db.query<{ status: string; attempts: number; locked_by: string }>(
        'select status, attempts, locked_by from public.email_outbox',
      );
      recordMetrics({
        scenario: 'two workers, PostgreSQL',
        sent: QUEUED,
        acknowledged: QUEUED,
        stored: outbox.length,
        delivered: deliveries.size,
        duplicates,
        lost: QUEUED - deliveries.size,
        serverErrors: 0,
        peakRssMb: peak,
        seconds,
      });
      expect(deliveries.size).toBe(QUEUED);
      expect(duplicates).toBe(0);
      expect(outbox.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      expect(new Set(outbox.map((row) => row.locked_by)).size).toBe(2);
      for (const server of [first, second]) expect(await server.stop('SIGTERM')).toBe(0);
    },
  );
});
