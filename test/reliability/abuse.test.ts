// Abuse: slow clients are cut off by the header and request timeouts, an over-limit body is refused before
// it is read whole, rate limits answer 429 with Retry-After, one address signed up a hundred times gets
// one e-mail (sign-in e-mails: sign-in-mail.test.ts).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../server/test/smtp-peer.ts';
import type { ServerProcess } from '../../scripts/server-process.mjs';
import {
  cleanups,
  postSignup,
  recordMetrics,
  rssMb,
  runCleanups,
  serverEnv,
  sleep,
  startServer,
  tempDir,
  waitFor,
} from './harness.ts';
import { readPglite } from './outcome.ts';

let open: ServerProcess;
let limited: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let openDataDir: string;

beforeAll(async () => {
  smtp = await startSmtpPeer({ closeTimeoutMs: 200 });
  cleanups.push(() => smtp.stop());
  openDataDir = await tempDir('abuse-data-');
  const limitedDataDir = await tempDir('abuse-limited-');
  [open, limited] = await Promise.all([
    startServer(serverEnv(openDataDir, smtp.url)),
    // The default limits: 10 sign-ups a minute per client address, 3 an hour per e-mail address.
    startServer({ DATA_DIR: limitedDataDir, DIST_DIR: limitedDataDir }),
  ]);
});
afterAll(runCleanups);

/** A raw connection: what it was sent, what came back, and when the server closed it. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  let sent = 0;
  const closed = new Promise<number>((resolve) => {
    socket.on('close', () => resolve(Date.now() - opened));
    socket.on('error', () => undefined);
  });
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return {
    write(data: string | Buffer) {
      if (socket.destroyed || socket.writableEnded) return false;
      sent += Buffer.byteLength(data);
      return socket.write(data);
    },
    get received() {
      return received;
    },
    get sent() {
      return sent;
    },
    closed,
    destroy: () => socket.destroy(),
  };
}

/** Writes one byte every `everyMs` until the server closes the connection (or `maxMs` passes). */
async function dribble(client: ReturnType<typeof rawClient>, everyMs: number, maxMs: number) {
  const until = Date.now() + maxMs;
  let done = false;
  void client.closed.then(() => (done = true));
  while (!done && Date.now() < until) {
    client.write('a');
    await sleep(everyMs);
  }
}

describe('abuse', () => {
  it('cuts off a client that dribbles its headers (10 s) or its body (15 s), and keeps serving others', async () => {
    const slowHeaders = rawClient(open.port);
    slowHeaders.write('POST /functions/v1/send-email HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const slowBody = rawClient(open.port);
    slowBody.write(
      'POST /functions/v1/send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"',
    );
    void dribble(slowHeaders, 1000, 40_000);
    void dribble(slowBody, 1000, 40_000);
    await sleep(2000);
    const meanwhile = await postSignup(open.port, 'Patient', 'patient@example.com');
    expect(meanwhile.status).toBe(200);
    const [headersCut, bodyCut] = await Promise.all([slowHeaders.closed, slowBody.closed]);
    expect(headersCut).toBeGreaterThan(9_000);
    expect(headersCut).toBeLessThan(14_000);
    expect(bodyCut).toBeGreaterThan(14_000);
    expect(bodyCut).toBeLessThan(19_000);
    expect(slowHeaders.received).toMatch(/^HTTP\/1\.1 408/);
    expect(slowBody.received).toMatch(/^HTTP\/1\.1 408/);
    // The cut-off body is ordinary traffic: one info line, not an unhandled error.
    await waitFor(() => open.output().includes('signup.body_aborted'), 5_000, 50);
    expect(open.output().match(/"level":"info","event":"signup\.body_aborted"/g)).toHaveLength(1);
    expect(open.output()).not.toContain('http.unhandled_error');
  });

  it.each([
    ['a declared length', 'Content-Length: 52428800\r\n'],
    ['chunks', 'Transfer-Encoding: chunked\r\n'],
  ])('refuses a 50 MB body sent in %s after reading at most 64 KB of it', async (_, framing) => {
    const before = rssMb(open.child.pid);
    const client = rawClient(open.port);
    const chunked = framing.startsWith('Transfer');
    client.write(
      `POST /functions/v1/send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${framing}\r\n`,
    );
    const piece = Buffer.alloc(16 * 1024, 'a');
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      : piece;
    for (let i = 0; i < 4 && !client.received; i++) {
      client.write(frame);
      await sleep(50);
    }
    expect(await waitFor(() => client.received.includes('\r\n\r\n{'), 10_000, 50)).toBe(true);
    expect(client.sent).toBeLessThan(70 * 1024);
    expect(client.received).toMatch(/^HTTP\/1\.1 400/);
    expect(client.received).toContain('"error":"The request body must be at most 8 KB."');
    client.destroy();
    expect(rssMb(open.child.pid) - before).toBeLessThan(32);
  });

  it('answers the 11th sign-up in a minute from one address with 429 and Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await postSignup(limited.port, 'Eager', `eager-${i}@example.com`));
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const last = answers[10];
    expect(last?.status).toBe(429);
    const retryAfter = Number(last?.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(JSON.parse(last?.body ?? '{}')).toEqual({
      error: 'Too many sign-up attempts. Please wait a moment and try again.',
    });
  });

  it('sends one e-mail to an address signed up a hundred times at once (in several spellings)', async () => {
    // Spellings of one address: the domain's case and surrounding spaces do not make another address.
    const spellings = ['same@example.com', 'same@EXAMPLE.COM', ' same@Example.com ', 'same@example.com'];
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postSignup(open.port, `Same ${i}`, spellings[i % spellings.length] ?? ''),
      ),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].every((status) => status === 200 || status === 429)).toBe(true);
    const toSame = () => smtp.received.filter((mail) => mail.to[0]?.toLowerCase() === 'same@example.com');
    expect(await waitFor(() => toSame().length >= 1, 30_000)).toBe(true);
    await sleep(6_000); // past the worker's 5 s poll: a second e-mail would have gone out by now
    expect(await open.stop('SIGTERM')).toBe(0);
    const state = await readPglite(openDataDir);
    const rows = state.signups.filter((email) => email.toLowerCase() === 'same@example.com');
    const outbox = state.outbox.filter((row) => row.recipient.toLowerCase() === 'same@example.com');
    recordMetrics({
      scenario: 'same address ×100',
      sent: 100,
      acknowledged: answers.filter((answer) => answer.status === 200).length,
      stored: rows.length,
      delivered: toSame().length,
      duplicates: toSame().length - 1,
      serverErrors: answers.filter((answer) => answer.status >= 500).length,
    });
    expect(toSame()).toHaveLength(1);
    expect(outbox).toHaveLength(1);
    expect(rows).toEqual(['same@example.com']);
  });
});
