// Crash: sign-ups keep coming while the PGlite server is killed with SIGKILL and restarted on the same data.
// Every acknowledged sign-up survives, the database opens every time, every e-mail goes out, nothing stays
// "sending". See docs/decisions/0060 for why PGlite is durable across a process kill (not a power cut).
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../server/test/smtp-peer.ts';
import type { ServerProcess } from '../../scripts/server-process.mjs';
import {
  cleanups,
  peakRssMb,
  recordMetrics,
  runCleanups,
  serverEnv,
  signupLoad,
  size,
  sleep,
  startServer,
  tempDir,
  waitFor,
} from './harness.ts';
import { compare, readPglite } from './outcome.ts';

afterEach(runCleanups);

const COUNT = size(120, 6_000);
const KILLS = size(1, 3);

describe('SIGKILL under load on PGlite', () => {
  it(
    `${COUNT} sign-ups, killed ${KILLS}× mid-run: every acknowledged sign-up is stored and mailed`,
    {
      timeout: size(300_000, 1_200_000),
    },
    async () => {
      const smtp = await startSmtpPeer();
      cleanups.push(() => smtp.stop());
      const dataDir = await tempDir('crash-data-');
      let server: ServerProcess = await startServer(serverEnv(dataDir, smtp.url));
      const port = server.port;
      const env = serverEnv(dataDir, smtp.url, { PORT: String(port) });
      let peak = peakRssMb(server.child.pid);
      let restarted: Promise<void> = Promise.resolve();
      let answered = 0;
      let kills = 0;
      const killAt = Array.from({ length: KILLS }, (_, n) => Math.round((COUNT * (n + 1)) / (KILLS + 1)));
      const recoveries: number[] = [];

      const load = await signupLoad({
        count: COUNT,
        concurrency: size(20, 100),
        // While the server is down, requests wait for it instead of failing fast in a tight loop.
        port: async () => {
          await restarted;
          return port;
        },
        address: (index) => `crash-${index}@example.com`,
        onAnswer: () => {
          answered += 1;
          if (kills < KILLS && answered >= (killAt[kills] ?? Infinity)) {
            kills += 1;
            const victim = server;
            restarted = (async () => {
              peak = Math.max(peak, peakRssMb(victim.child.pid));
              await victim.stop('SIGKILL');
              await sleep(200);
              const started = Date.now();
              // The database must open cleanly on the first try: a start that fails rejects the test.
              server = await startServer(env);
              recoveries.push(Date.now() - started);
            })();
          }
        },
      });
      await restarted;
      const acked = new Set(load.acknowledged);
      await waitFor(
        () =>
          new Set(smtp.received.map((mail) => mail.to[0] ?? '').filter((to) => acked.has(to))).size >=
          acked.size,
        size(120_000, 600_000),
        500,
      );
      await sleep(1000);
      peak = Math.max(peak, peakRssMb(server.child.pid));
      expect(await server.stop('SIGTERM')).toBe(0);
      const state = await readPglite(dataDir);
      const outcome = compare(
        load.acknowledged,
        state,
        smtp.received.map((mail) => mail.to[0] ?? ''),
      );
      recordMetrics({
        scenario: 'SIGKILL, PGlite',
        sent: COUNT,
        acknowledged: load.acknowledged.length,
        stored: outcome.stored,
        delivered: outcome.delivered,
        duplicates: outcome.duplicates,
        lost: outcome.lost,
        serverErrors: load.serverErrors,
        crashesSurvived: kills,
        peakRssMb: peak,
        seconds: load.seconds,
      });
      expect(kills).toBe(KILLS);
      expect(recoveries).toHaveLength(KILLS);
      expect(load.serverErrors).toBe(0);
      // Requests cut off by a kill get no answer (status 0); everything else is a 200.
      expect([...load.statuses.keys()].filter((status) => status !== 200 && status !== 0)).toEqual([]);
      expect(load.acknowledged.length).toBeGreaterThan(COUNT * 0.8);
      expect(outcome.lost).toBe(0);
      expect(outcome.notDelivered).toEqual([]);
      expect(outcome.stuck).toEqual([]);
      // SMTP has no idempotency: a kill between the peer's "250 OK" and the row's update re-sends that one
      // message after restart. At most one per kill (the worker sends one message at a time).
      expect(outcome.duplicates).toBeLessThanOrEqual(KILLS);
    },
  );
});
