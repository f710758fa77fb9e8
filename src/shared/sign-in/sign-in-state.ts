import type { SignInBackend } from './sign-in-backend';
import { readSignInLink, withoutSignInLink } from './sign-in-link';

export type SignedOutReason = 'no-session' | 'link-refused' | 'signed-out';

/** What the page may do next when it could not find out: spend the same link again, or read the session again. */
type SignInRetry = { kind: 'link'; tokenHash: string } | { kind: 'session' };

/** Who is visiting a page with a way in, as far as the page knows. */
export type SignInState =
  | { status: 'checking' }
  | { status: 'link-ready'; tokenHash: string }
  | { status: 'verifying' }
  | { status: 'signed-in' }
  | { status: 'signed-out'; reason: SignedOutReason }
  | { status: 'unreachable'; retry: SignInRetry; rateLimited: boolean };

type Show = (access: SignInState) => void;

export const signedIn: SignInState = { status: 'signed-in' };
export const signedOut = (reason: SignedOutReason): SignInState => ({ status: 'signed-out', reason });

function cleanAddressBar() {
  window.history.replaceState(window.history.state, '', withoutSignInLink(window.location));
}

/** Reads the stored session: in, out, or no answer (then the page offers to try again). */
export async function checkSession(backend: SignInBackend, show: Show) {
  show({ status: 'checking' });
  const outcome = await backend.sessionStatus();
  if (outcome === 'signed-in') show(signedIn);
  else if (outcome === 'no-session') show(signedOut('no-session'));
  else show({ status: 'unreachable', retry: { kind: 'session' }, rateLimited: false });
}

/**
 * Spends the e-mail's one-time token (a person pressed "Continue to your course"), then takes it out of the
 * address bar whatever the answer, so that a reload or a shared address never carries it; a retry reuses the
 * token held here.
 */
export async function spendSignInLink(backend: SignInBackend, tokenHash: string, show: Show) {
  show({ status: 'verifying' });
  const outcome = await backend.verifySignInLink(tokenHash);
  cleanAddressBar();
  if (outcome === 'signed-in') {
    show(signedIn);
  } else if (outcome === 'refused') {
    // A link opened again in the browser that spent it finds that browser's session: its owner is in.
    show((await backend.sessionStatus()) === 'signed-in' ? signedIn : signedOut('link-refused'));
  } else {
    show({
      status: 'unreachable',
      retry: { kind: 'link', tokenHash },
      rateLimited: outcome === 'rate-limited',
    });
  }
}

/**
 * The page's first step. A sign-in link in the address bar waits for a person's tap (a mail scanner that opens
 * links, even one that runs scripts, spends nothing), unless this browser is signed in already: then the link
 * is left unspent and out of the address bar. Otherwise the stored session is read.
 */
export async function findOutWhoIsVisiting(backend: SignInBackend, show: Show) {
  const link = readSignInLink(window.location.search);
  if (link.kind === 'none') return checkSession(backend, show);
  if (link.kind === 'malformed') {
    cleanAddressBar();
    return show(signedOut('link-refused'));
  }
  if ((await backend.sessionStatus()) === 'signed-in') {
    cleanAddressBar();
    return show(signedIn);
  }
  show({ status: 'link-ready', tokenHash: link.tokenHash });
  backend.prepareSignIn();
}
