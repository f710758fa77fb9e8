/**
 * Which client a request counts against in the per-IP limits, on the Node server and the edge function alike.
 * Addresses are read by the WHATWG URL parser, which Node and Deno both ship (this core speaks web standards
 * only): it checks an address and writes it in one canonical form, so nothing here parses one by hand.
 */

/**
 * The key a client's requests are counted under: an IPv4 address itself, an IPv6 address's /64 prefix. One
 * subscriber line or host gets a whole /64, so keying by the full IPv6 address would let it walk around any
 * per-IP limit. An IPv4 address written as IPv6 (::ffff:192.0.2.1) counts as that IPv4 address; anything
 * that is not an IPv6 address (an IPv4 one, `unknown` in tests) is its own key.
 */
export function clientKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high = 0, low = 0] = groups.slice(6).map((group) => Number.parseInt(group, 16));
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * The network a client's address belongs to, for the limits a caller could otherwise walk around by changing
 * subnet: an IPv6 address's /48 (one site, 65,536 /64s), and for anything else the same key as clientKey.
 */
export function networkKey(address: string): string {
  const key = clientKey(address);
  if (!key.endsWith('::/64')) return key;
  return `${key.split(':').slice(0, 3).join(':')}::/48`;
}

/** The URL parser's host for `text`, or undefined when it refuses it. */
function parsedHost(text: string): string | undefined {
  try {
    return new URL(`http://${text}/`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * An IPv6 address's eight groups, without leading zeros. The parser writes it in its canonical form (lower
 * case, the longest run of zero groups as `::`, no IPv4 tail), so only that `::` is left to expand. Undefined
 * for anything else, and for what the parser refuses (an address with a zone, fe80::1%eth0).
 */
function ipv6Groups(address: string): string[] | undefined {
  if (!address.includes(':')) return undefined;
  const host = parsedHost(`[${address}]`)?.slice(1, -1);
  if (host === undefined) return undefined;
  const [head = '', tail] = host.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/** An IP address as the parser writes it, or undefined for anything that is not one (a name, a typo). */
function canonicalAddress(text: string): string | undefined {
  if (text.includes(':')) return ipv6Groups(text) ? text : undefined;
  // A host whose last label is a number is read as IPv4 and written as four decimal numbers; a name is not.
  const host = parsedHost(text);
  const parts = host?.split('.') ?? [];
  return parts.length === 4 && parts.every((part) => String(Number(part)) === part) ? host : undefined;
}

/**
 * The caller's address as hosted Supabase hands it to an Edge Function: the right-most X-Forwarded-For entry,
 * which we rely on the platform's proxy to append (a caller can put anything before it; Supabase does not
 * document the header); the connection's address when that entry is not an address. See docs/deploy-supabase.md.
 */
export function platformClientAddress(forwardedFor: string | null, connection: string): string {
  return canonicalAddress(forwardedFor?.split(',').at(-1)?.trim() ?? '') ?? connection;
}
