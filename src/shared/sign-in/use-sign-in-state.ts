import { useEffect, useState } from 'react';
import {
  type SignInState,
  checkSession,
  findOutWhoIsVisiting,
  signedIn,
  signedOut,
  spendSignInLink,
} from './sign-in-state';
import type { SignInBackend } from './sign-in-backend';

/**
 * Who is visiting, found out once the page is hydrated (the prerendered page says "checking"), kept up to date
 * when the session ends, and moved on by the visitor: "Continue to your course" spends the link, a code signs
 * in, "Try again" asks again.
 */
export function useSignInState(backend: SignInBackend) {
  const [access, setAccess] = useState<SignInState>({ status: 'checking' });

  useEffect(() => {
    let active = true;
    void findOutWhoIsVisiting(backend, (next) => {
      if (active) setAccess(next);
    });
    return () => {
      active = false;
    };
  }, [backend]);

  // Only a signed-in visitor has a session that can end elsewhere (another tab, a refused refresh).
  const isSignedIn = access.status === 'signed-in';
  useEffect(() => {
    if (!isSignedIn) return undefined;
    return backend.onSignedOut(() => setAccess(signedOut('signed-out')));
  }, [backend, isSignedIn]);

  function retry() {
    if (access.status !== 'unreachable') return;
    if (access.retry.kind === 'link') void spendSignInLink(backend, access.retry.tokenHash, setAccess);
    else void checkSession(backend, setAccess);
  }

  function continueWithLink() {
    if (access.status === 'link-ready') void spendSignInLink(backend, access.tokenHash, setAccess);
  }

  return {
    access,
    retry,
    continueWithLink,
    showSignedIn: () => setAccess(signedIn),
    showSignedOut: () => setAccess(signedOut('signed-out')),
  };
}
