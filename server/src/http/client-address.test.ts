import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createClientAddress, parseTrustedProxies } from './client-address.ts';
import type { Log, LogLine } from '../../../supabase/functions/_shared/log.ts';

function recordingLog() {
  const lines: LogLine[] = [];
  const log: Log = { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };
  return { lines, log };
}

function proxies(value: string): string[] {
  const parsed = parseTrustedProxies(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.proxies;
}

/** An app answering with the client address it found for a request from `peer` carrying `forwardedFor`. */
function addressApp(trustProxy: string, log: Log = recordingLog().log) {
  const clientAddress = createClientAddress(proxies(trustProxy), log);
  const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
  return async (peer: string, forwardedFor?: string) => {
    // @hono/node-server hands each handler the Node request, whose socket holds the peer's address.
    const bindings = { incoming: { socket: { remoteAddress: peer } } };
    const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
    return (await app.request('/', { headers }, bindings)).text();
  };
}

describe('parseTrustedProxies (TRUST_PROXY)', () => {
  it('reads addresses, CIDR ranges and loopback, and false or 0 as no proxy', () => {
    expect(proxies('loopback')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(proxies(' 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,::ffff:198.51.100.1')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7/32',
      '2001:db8::/32',
      '198.51.100.1/32',
    ]);
    expect(proxies('false')).toEqual([]);
    expect(proxies('0')).toEqual([]);
  });

  it('refuses true with the new form named, and anything that is not an address or a range', () => {
    expect(parseTrustedProxies('true')).toEqual({ problem: expect.stringMatching(/`loopback`.*CIDR/) });
    expect(parseTrustedProxies('1')).toEqual({ problem: expect.stringMatching(/name the proxies/) });
    for (const bad of [
      'proxy.example',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      '10.0.0.0/x',
    ]) {
      expect(parseTrustedProxies(`loopback,${bad}`)).toEqual({
        problem: expect.stringContaining(`"${bad}" is not an address, a CIDR range or loopback`),
      });
    }
  });
});

describe('createClientAddress', () => {
  it('takes the socket address and ignores X-Forwarded-For when no proxy is trusted, warning once', async () => {
    const { lines, log } = recordingLog();
    const addressOf = addressApp('false', log);
    expect(await addressOf('203.0.113.5')).toBe('203.0.113.5');
    expect(lines).toEqual([]);
    expect(await addressOf('127.0.0.1', '198.51.100.7')).toBe('127.0.0.1');
    expect(await addressOf('127.0.0.1', '198.51.100.8')).toBe('127.0.0.1');
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'proxy.forwarded_for_ignored',
        message: expect.stringContaining('TRUST_PROXY'),
      }),
    ]);
  });

  it('behind a trusted proxy takes the right-most hop that is not a trusted proxy', async () => {
    const addressOf = addressApp('loopback,10.0.0.0/8');
    expect(await addressOf('127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // A visitor's own X-Forwarded-For stays left of the hop the proxies appended.
    expect(await addressOf('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    expect(await addressOf('::ffff:127.0.0.1', '2001:db8::7')).toBe('2001:db8::7');
    expect(await addressOf('::1', '10.0.0.9, 127.0.0.2')).toBe('10.0.0.9');
    expect(await addressOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, without a warning', async () => {
    const { lines, log } = recordingLog();
    const addressOf = addressApp('127.0.0.1', log);
    expect(await addressOf('203.0.113.5', '198.51.100.7')).toBe('203.0.113.5');
    expect(await addressOf('127.0.0.2', '198.51.100.7')).toBe('127.0.0.2');
    expect(lines).toEqual([]);
  });

  it('stops at a hop that is not an address, keeping the last one it could read', async () => {
    const addressOf = addressApp('loopback');
    expect(await addressOf('127.0.0.1', 'unknown, 198.51.100.7')).toBe('198.51.100.7');
    expect(await addressOf('127.0.0.1', '198.51.100.7, 127.0.0.9, junk')).toBe('127.0.0.1');
  });

  it('gives "unknown" for a request without a socket (app.request in tests)', async () => {
    const clientAddress = createClientAddress(proxies('loopback'), recordingLog().log);
    const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
    const response = await app.request('/', { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(await response.text()).toBe('unknown');
  });
});
