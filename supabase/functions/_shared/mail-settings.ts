/** Checks for the mail settings both runtimes read from their environment. */

// `addr@example.com` or `Display Name <addr@example.com>`: printable, no line breaks, so never a header break.
const MAIL_FROM = /^([^\p{Cc}<>"]{1,78} )?<?[^\s@<>"]{1,64}@[A-Za-z0-9.-]{1,253}>?$/u;

/** Why a MAIL_FROM value is unusable, or undefined when it is fine. */
export function mailFromProblem(value: string): string | undefined {
  const angle = value.includes('<');
  if (!MAIL_FROM.test(value) || angle !== value.endsWith('>')) {
    return 'must be an address, optionally with a display name: Three Lenses <course@example.com>';
  }
  return undefined;
}

/** Resend's API over HTTPS; plain http only to a loopback peer (tests, a local relay). */
export function resendApiUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    return undefined;
  return 'must be https:// (http:// only for a loopback address)';
}

/**
 * MAIL_RATE_PER_SECOND when unset: Resend's documented 2 requests a second; 10 messages a second over SMTP,
 * under the usual providers' limits (Amazon SES starts at 14) and far above this site's sign-ups; no limit
 * for the file mailbox, which only writes to the local disk.
 */
export const DEFAULT_MAIL_RATE_PER_SECOND = { resend: 2, smtp: 10, file: Number.POSITIVE_INFINITY } as const;

/** MAIL_RATE_PER_SECOND: requests per second above 0 (e.g. 2, 0.5) or `unlimited`; undefined when unusable. */
export function parseMailRate(value: string): number | undefined {
  if (value.trim().toLowerCase() === 'unlimited') return Number.POSITIVE_INFINITY;
  const rate = Number(value);
  return Number.isFinite(rate) && rate > 0 && rate <= 100_000 ? rate : undefined;
}

export const MAIL_RATE_PROBLEM = 'must be requests per second above 0 (e.g. 2 or 0.5), or unlimited';
