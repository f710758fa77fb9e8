// Load: unique sign-ups at high concurrency against the real server on PGlite and on PostgreSQL. Every 200 has
// exactly one `signups` row and exactly one e-mail delivered over SMTP; no 5xx.
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../server/test/smtp-peer.ts';
import {
  cleanups,
  freshPostgresDatabase,
  peakRssMb,
  recordMetrics,
  runCleanups,
  serverEnv,
  signupLoad,
  size,
  startServer,
  tempDir,
  waitFor,
  sleep,
} from './harness.ts';
import { compare, readPglite, readPostgres } from './outcome.ts';

afterEach(runCleanups);

const COUNT = size(100, 20_000);
const CONCURRENCY = size(50, 200);

describe.each(['PGlite', 'PostgreSQL'])('load on %s', (kind) => {
  it(
    `${COUNT} sign-ups at ${CONCURRENCY} concurrent connections: one row and one e-mail each, no 5xx`,
    {
      timeout: size(240_000, 1_800_000),
    },
    async () => {
      const smtp = await startSmtpPeer();
      cleanups.push(() => smtp.stop());
      const dataDir = await tempDir('load-data-');
      const databaseUrl = kind === 'PostgreSQL' ? await freshPostgresDatabase() : undefined;
      const server = await startServer(
        serverEnv(dataDir, smtp.url, databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      );
      const run = `${kind.toLowerCase()}-${Date.now()}`;
      const load = await signupLoad({
        count: COUNT,
        concurrency: CONCURRENCY,
        port: async () => server.port,
        address: (index) => `load-${run}-${index}@example.com`,
      });
      const acked = new Set(load.acknowledged);
      await waitFor(
        () => smtp.received.filter((mail) => acked.has(mail.to[0] ?? '')).length >= acked.size,
        size(180_000, 1_200_000),
        500,
      );
      await sleep(1000); // room for a duplicate to arrive
      const peak = peakRssMb(server.child.pid);
      expect(await server.stop('SIGTERM')).toBe(0);
      const state = databaseUrl ? await readPostgres(databaseUrl) : await readPglite(dataDir);
      const outcome = compare(
        load.acknowledged,
        state,
        smtp.received.map((mail) => mail.to[0] ?? ''),
      );
      recordMetrics({
        scenario: `load, ${kind}`,
        sent: COUNT,
        acknowledged: load.acknowledged.length,
        stored: outcome.stored,
        delivered: outcome.delivered,
        duplicates: outcome.duplicates,
        lost: outcome.lost,
        serverErrors: load.serverErrors,
        peakRssMb: peak,
        seconds: load.seconds,
      });
      expect(Object.fromEntries(load.statuses)).toEqual({ 200: COUNT });
      expect(state.signups).toHaveLength(COUNT);
      expect(outcome).toMatchObject({
        stored: COUNT,
        delivered: COUNT,
        duplicates: 0,
        lost: 0,
        duplicateRows: 0,
      });
      expect(outcome.stuck).toEqual([]);
    },
  );
});
