// Mail outage: the SMTP peer refuses (451) and then is down altogether mid-run. Nothing is marked sent that
// was not accepted, nothing is lost, everything goes out once the peer is back, and the back-off shows in
// the attempts and the log (30 s, then 60 s, …).
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../server/test/smtp-peer.ts';
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

const OUTAGE_SECONDS = size(10, 60);
const BEFORE = size(50, 500);
const DURING = size(100, 1_000);

/** The outbox's "try again later" log lines in the server's output. */
function mailRetries(output: string) {
  return output
    .split('\n')
    .filter((line) => line.includes('"event":"mail.retry"'))
    .map((line) => JSON.parse(line) as { attempt: number; retry_in_seconds: number });
}

describe('SMTP outage', () => {
  it(
    `the peer refuses, then is down, for ${OUTAGE_SECONDS} s: every e-mail is delivered once afterwards`,
    {
      timeout: size(180_000, 600_000),
    },
    async () => {
      const smtp = await startSmtpPeer({ closeTimeoutMs: 200 });
      cleanups.push(() => smtp.stop());
      const dataDir = await tempDir('outage-data-');
      const server = await startServer(serverEnv(dataDir, smtp.url));
      const port = async () => server.port;

      const before = await signupLoad({
        count: BEFORE,
        concurrency: 10,
        port,
        address: (i) => `before-${i}@example.com`,
      });
      await waitFor(() => smtp.received.length >= BEFORE, 60_000);

      const outageStarted = Date.now();
      smtp.setRefusing(true);
      const during = await signupLoad({
        count: DURING,
        concurrency: 10,
        port,
        address: (i) => `during-${i}@example.com`,
      });
      // Each sign-up of the outage meets the refusing peer before it comes back, however slowly a busy machine
      // sent them: the outage lasts at least OUTAGE_SECONDS, and longer if the sign-ups did.
      await waitFor(() => mailRetries(server.output()).length >= DURING, 60_000, 200);
      await sleep((OUTAGE_SECONDS * 1000) / 2 - (Date.now() - outageStarted));
      await smtp.stop();
      await sleep(OUTAGE_SECONDS * 1000 - (Date.now() - outageStarted));
      const receivedWhileDown = smtp.received.length;
      smtp.setRefusing(false);
      await smtp.start();
      const outageSeconds = (Date.now() - outageStarted) / 1000;

      const acknowledged = [...before.acknowledged, ...during.acknowledged];
      const acked = new Set(acknowledged);
      // Retries come due 30 s after the first failure, then 60 s after the second, …: wait past the next one.
      await waitFor(
        () => new Set(smtp.received.map((mail) => mail.to[0])).size >= acked.size,
        size(120_000, 300_000),
        500,
      );
      await sleep(1000);
      const peak = peakRssMb(server.child.pid);
      expect(await server.stop('SIGTERM')).toBe(0);
      const state = await readPglite(dataDir);
      const outcome = compare(
        acknowledged,
        state,
        smtp.received.map((mail) => mail.to[0] ?? ''),
      );
      recordMetrics({
        scenario: `SMTP outage ${Math.round(outageSeconds)} s`,
        sent: BEFORE + DURING,
        acknowledged: acknowledged.length,
        stored: outcome.stored,
        delivered: outcome.delivered,
        duplicates: outcome.duplicates,
        lost: outcome.lost,
        serverErrors: before.serverErrors + during.serverErrors,
        peakRssMb: peak,
      });

      expect(acknowledged).toHaveLength(BEFORE + DURING);
      expect(before.serverErrors + during.serverErrors).toBe(0);
      // Nothing was accepted while the peer refused or was down: only the sign-ups before the outage.
      expect(receivedWhileDown).toBe(BEFORE);
      expect(outcome).toMatchObject({ lost: 0, duplicates: 0, stored: acked.size, delivered: acked.size });
      expect(outcome.stuck).toEqual([]);
      const attempts = new Map(state.outbox.map((row) => [row.recipient, row.attempts]));
      expect(before.acknowledged.every((email) => attempts.get(email) === 1)).toBe(true);
      expect(during.acknowledged.every((email) => (attempts.get(email) ?? 0) >= 2)).toBe(true);
      // The back-off in the log: each sign-up made during the outage was told to retry in 30 s first, give or
      // take the ±20% jitter that keeps rows which failed together from coming due together.
      const retries = mailRetries(server.output());
      expect(retries.length).toBeGreaterThanOrEqual(DURING);
      for (const retry of retries) {
        const base = 30 * 2 ** (retry.attempt - 1);
        expect(retry.retry_in_seconds).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(retry.retry_in_seconds).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }
      expect(new Set(retries.map((retry) => retry.retry_in_seconds)).size).toBeGreaterThan(1);
      // A 60 s outage outlasts the first retry: the second failure waits about 60 s.
      if (OUTAGE_SECONDS > 30) expect(retries.some((retry) => retry.attempt === 2)).toBe(true);
    },
  );
});
