import { useEffect, useState } from 'react';
import { supabaseConfig } from './supabase';

/** supabase-js's default key for the session in localStorage: `sb-<first label of the back end's host>-auth-token`. */
export function sessionStorageKey(backEndUrl: string): string {
  return `sb-${new URL(backEndUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Whether supabase-js keeps a session here that it can refresh (its access token may have expired: /course
 * refreshes it), read without loading supabase-js. zod loads only when something is stored, so a first visit
 * does not pay for it.
 */
export async function hasStoredSession({
  storage,
  backEndUrl,
}: { storage?: Storage; backEndUrl?: string } = {}): Promise<boolean> {
  let stored: string | null;
  try {
    stored = (storage ?? window.localStorage).getItem(sessionStorageKey(backEndUrl ?? supabaseConfig().url));
  } catch {
    // Storage blocked, or a back-end URL that is no URL: supabase-js could not keep a session either.
    return false;
  }
  if (stored === null) return false;
  const { storedSessionSchema } = await import('./stored-session-schema');
  try {
    return storedSessionSchema.safeParse(JSON.parse(stored)).success;
  } catch {
    return false;
  }
}

/** False on the server and until checked; follows sign-ins and sign-outs in other tabs. */
export function useHasStoredSession(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let mounted = true;
    const check = () => {
      void hasStoredSession().then((found) => {
        if (mounted) setSignedIn(found);
      });
    };
    check();
    window.addEventListener('storage', check);
    return () => {
      mounted = false;
      window.removeEventListener('storage', check);
    };
  }, []);
  return signedIn;
}
