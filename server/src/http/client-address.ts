// The visitor's address for per-address limits: the socket's, or behind trusted reverse proxies (TRUST_PROXY)
// the right-most X-Forwarded-For hop that is not one of them.
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Log } from '../../../supabase/functions/_shared/log.ts';

/** What `loopback` stands for in TRUST_PROXY: a proxy on this machine. */
const LOOPBACK = ['127.0.0.0/8', '::1/128'];

const FORMAT =
  'must list the reverse proxies to trust, separated by commas: addresses, CIDR ranges (10.0.0.0/8) or loopback';

/**
 * TRUST_PROXY as CIDR ranges (`loopback` expanded, a lone address as a /32 or /128); `false` or `0` trust
 * none. `true` is refused rather than guessed: it once trusted any peer, which let a visitor reaching the port
 * directly choose its own address, and a guess at "loopback" would quietly break a proxy on another machine.
 */
export function parseTrustedProxies(value: string): { proxies: string[] } | { problem: string } {
  const whole = value.trim().toLowerCase();
  if (whole === 'false' || whole === '0') return { proxies: [] };
  if (whole === 'true' || whole === '1') {
    return {
      problem:
        '`true` no longer trusts every peer: name the proxies instead, `loopback` for one on this machine, or their addresses or CIDR ranges (e.g. 10.0.0.0/8)',
    };
  }
  const proxies: string[] = [];
  for (const entry of whole.split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    if (entry === 'loopback') {
      proxies.push(...LOOPBACK);
      continue;
    }
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(unmapped(address));
    const maxPrefix = family === 6 ? 128 : 32;
    const bits = prefix === undefined ? maxPrefix : Number(prefix);
    if (
      family === 0 ||
      extra !== undefined ||
      (prefix !== undefined && !/^\d+$/.test(prefix)) ||
      !(bits >= 0 && bits <= maxPrefix)
    ) {
      return { problem: `"${entry}" is not an address, a CIDR range or loopback; TRUST_PROXY ${FORMAT}` };
    }
    proxies.push(`${unmapped(address)}/${bits}`);
  }
  return { proxies };
}

/** Finds the client address of a request; see createClientAddress. */
export type ClientAddress = (c: Context) => string;

/**
 * Without trusted proxies the socket's address, and X-Forwarded-For is ignored (with one warning, since it
 * means a proxy sits in front unnamed). With them, a request from a trusted peer gives the right-most hop
 * not trusted (or the left-most when all are); a request from any other peer keeps the peer's address.
 */
/** `trustedProxies`: CIDR ranges or single addresses, as parseTrustedProxies gives them. */
export function createClientAddress(trustedProxies: readonly string[], log: Log): ClientAddress {
  const trusted = new BlockList();
  for (const range of trustedProxies) {
    const [address = '', prefix] = range.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  const isTrusted = (address: string) => {
    const family = isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  let warned = false;
  return (c) => {
    const peer = peerAddress(c);
    const forwarded = c.req.header('x-forwarded-for');
    if (forwarded === undefined) return peer;
    if (trustedProxies.length === 0) {
      if (!warned) {
        warned = true;
        log.warn({
          event: 'proxy.forwarded_for_ignored',
          message:
            'A request came with X-Forwarded-For but TRUST_PROXY names no proxy, so every visitor behind that proxy shares its address and its sign-up limit. Set TRUST_PROXY (docs/self-hosting.md).',
        });
      }
      return peer;
    }
    if (!isTrusted(peer)) return peer;
    let client = peer;
    for (const hop of forwarded.split(',').map(unmapped).reverse()) {
      if (isIP(hop) === 0) break;
      client = hop;
      if (!isTrusted(hop)) break;
    }
    return client;
  };
}

/** An IPv4 address as a dual-stack socket reports it (::ffff:192.0.2.1) is the IPv4 address. */
function unmapped(address: string): string {
  return address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

function peerAddress(c: Context): string {
  try {
    return unmapped(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // app.request() in tests has no socket unless the test passes one.
    return 'unknown';
  }
}
