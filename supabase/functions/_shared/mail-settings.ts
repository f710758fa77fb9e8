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
