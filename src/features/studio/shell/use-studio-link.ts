import { useCallback, useEffect, useState } from 'react';
import { readSignInLink, withoutSignInLink } from '@/shared/sign-in/sign-in-link';
import type { StudioAccess } from './studio-access';

/**
 * The link of an owner's sign-in e-mail, in /studio's address bar: none, waiting for the owner's tap (a mail
 * scanner that opens the link spends nothing), being spent, refused, or not answered (then "Try again").
 */
export type StudioLink =
  | { status: 'none' }
  | { status: 'ready'; tokenHash: string }
  | { status: 'verifying'; tokenHash: string }
  | { status: 'refused' }
  | { status: 'unreachable'; tokenHash: string };

function cleanAddressBar() {
  window.history.replaceState(window.history.state, '', withoutSignInLink(window.location));
}

/** What the address bar holds; nothing while prerendering. */
function linkInAddressBar(): StudioLink {
  if (typeof window === 'undefined') return { status: 'none' };
  const read = readSignInLink(window.location.search);
  if (read.kind === 'none') return { status: 'none' };
  return read.kind === 'token' ? { status: 'ready', tokenHash: read.tokenHash } : { status: 'refused' };
}

/**
 * The link as the page loads: the frame shows "checking" until the visitor is known, so reading it at once
 * matches the prerendered page. `spend` uses it and, once in, calls `onSignedIn`; `dismiss` drops it when the
 * browser turns out to be signed in already. A link too broken to try leaves the address bar at once.
 */
export function useStudioLink(access: StudioAccess, onSignedIn: () => void) {
  const [link, setLink] = useState<StudioLink>(linkInAddressBar);

  useEffect(() => {
    if (readSignInLink(window.location.search).kind === 'malformed') cleanAddressBar();
  }, []);

  async function spend() {
    if (link.status !== 'ready' && link.status !== 'unreachable') return;
    const { tokenHash } = link;
    setLink({ status: 'verifying', tokenHash });
    const outcome = await access.verifySignInLink(tokenHash);
    if (outcome === 'rate-limited' || outcome === 'unreachable') {
      setLink({ status: 'unreachable', tokenHash });
      return;
    }
    cleanAddressBar();
    setLink(outcome === 'signed-in' ? { status: 'none' } : { status: 'refused' });
    if (outcome === 'signed-in') onSignedIn();
  }

  // One function for the page's whole life: the page calls it from an effect once it knows who is visiting.
  const dismiss = useCallback(() => {
    if (readSignInLink(window.location.search).kind !== 'none') cleanAddressBar();
    setLink({ status: 'none' });
  }, []);

  return { link, spend: () => void spend(), dismiss };
}
