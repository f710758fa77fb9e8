// Sign-in e-mails cannot be driven by a page's plain form, nor past their spacing by a restart. A file of its own,
// beside abuse.test.ts: most of its minute is the wait between two e-mails to one address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { startSmtpPeer } from '../../server/test/smtp-peer.ts';
import {
  cleanups,
  postSignup,
  request,
  runCleanups,
  serverEnv,
  sleep,
  startServer,
  tempDir,
  waitFor,
} from './harness.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  cleanups.push(() => smtp.stop());
});
afterAll(runCleanups);

describe('sign-in e-mails', () => {
  const askForLink = (port: number, contentType: string) =>
    request(port, {
      method: 'POST',
      path: '/auth/v1/otp',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': contentType },
      body: JSON.stringify({ email: 'flood@example.com', create_user: false }),
    });

  it('refuses a text/plain request (no preflight), and keeps the per-address spacing across a restart', async () => {
    const dataDir = await tempDir('abuse-sign-in-');
    const first = await startServer(serverEnv(dataDir, smtp.url));
    expect((await postSignup(first.port, 'Flood', 'flood@example.com')).status).toBe(200);
    const toFlood = () => smtp.received.filter((mail) => mail.to[0] === 'flood@example.com');
    expect(await waitFor(() => toFlood().length === 1, 30_000)).toBe(true);

    expect((await askForLink(first.port, 'text/plain')).status).toBe(415);
    expect((await askForLink(first.port, 'application/json')).status).toBe(200);
    expect(await waitFor(() => toFlood().length === 2, 30_000)).toBe(true);
    expect(await first.stop('SIGTERM')).toBe(0);

    // A new process over the same data: the spacing lives in the database, so the next ask sends nothing.
    const second = await startServer(serverEnv(dataDir, smtp.url));
    expect((await askForLink(second.port, 'application/json')).status).toBe(200);
    await sleep(6_000); // past the worker's 5 s poll: an e-mail queued by that ask would have gone out by now
    expect(toFlood()).toHaveLength(2);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
