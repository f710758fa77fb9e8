/** The address-bar half of signing in: the e-mail's link is `/course?token_hash=…&type=magiclink`. */

export type SignInLink = { kind: 'none' } | { kind: 'token'; tokenHash: string } | { kind: 'malformed' };

const LINK_PARAMS = ['token_hash', 'type'] as const;
/** Far beyond any hashed token GoTrue makes; anything longer is not a link we sent. */
const MAX_TOKEN_HASH_LENGTH = 512;

/** What the query string holds: no link, a token to spend, or a link too broken to try (say so, spend nothing). */
export function readSignInLink(search: string): SignInLink {
  const params = new URLSearchParams(search);
  if (!LINK_PARAMS.some((name) => params.has(name))) return { kind: 'none' };
  const tokenHash = params.get('token_hash') ?? '';
  const wellFormed =
    params.get('type') === 'magiclink' &&
    tokenHash.trim() === tokenHash &&
    tokenHash.length > 0 &&
    tokenHash.length <= MAX_TOKEN_HASH_LENGTH;
  return wellFormed ? { kind: 'token', tokenHash } : { kind: 'malformed' };
}

/** The same address without the link's parameters (a spent token has no place in the history); the rest stays. */
export function withoutSignInLink({
  pathname,
  search,
  hash,
}: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  const params = new URLSearchParams(search);
  for (const name of LINK_PARAMS) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}
