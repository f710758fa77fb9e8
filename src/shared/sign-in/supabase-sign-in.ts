import { COURSE_PATH } from '@/content/course';
import { hasStoredSession } from '@/lib/stored-session';
import { getSupabase } from '@/lib/supabase';
import type { LinkOutcome, NewLinkOutcome, SignInBackend } from './sign-in-backend';

/**
 * supabase-js's auth errors carry the answer's status: 4xx is GoTrue's refusal, 0 (no answer) and 5xx are
 * failures to reach it. They are told apart by status alone, because importing supabase-js's error classes
 * would pull it into the page's first load.
 */
const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** What a verify answered: a session, GoTrue's refusal, its "wait", or no answer. */
function linkOutcome({
  session,
  error,
}: {
  session: unknown;
  error: { status?: number } | null;
}): LinkOutcome {
  if (!error) return session ? 'signed-in' : 'refused';
  if (error.status === 429) return 'rate-limited';
  return isRefusal(error.status) ? 'refused' : 'unreachable';
}

/**
 * Spent as type `email`, whatever the link's `type` says: for an address with no user yet, hosted GoTrue's
 * generateLink makes a sign-up token, which `magiclink` would refuse and `email` accepts, as it does a magic link.
 */
async function verifySignInLink(tokenHash: string): Promise<LinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    return linkOutcome({ session: data.session, error });
  } catch (error) {
    console.error('Course: the sign-in link could not be checked.', error);
    return 'unreachable';
  }
}

async function verifySignInCode(email: string, code: string): Promise<LinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    return linkOutcome({ session: data.session, error });
  } catch (error) {
    console.error('Course: the sign-in code could not be checked.', error);
    return 'unreachable';
  }
}

async function requestNewLink(email: string): Promise<NewLinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}${COURSE_PATH}` },
    });
    if (!error) return 'sent';
    if (error.status === 429) return 'rate-limited';
    // Hosted Supabase refuses an address that never signed up: answering as for any other keeps addresses unprobeable.
    return isRefusal(error.status) ? 'sent' : 'failed';
  } catch (error) {
    console.error('Course: a new sign-in link could not be requested.', error);
    return 'failed';
  }
}

/** Signing in and out over supabase-js, loaded on first use, with its default (persisted, refreshed) session. */
export const supabaseSignIn: SignInBackend = {
  verifySignInLink,
  // A failed load is retried by the call that needs the client, which reports it.
  prepareSignIn: () => void getSupabase().catch(() => undefined),
  verifySignInCode,
  requestNewLink,

  async sessionStatus() {
    // Nothing stored, nothing to restore: a visitor who never signed in here gets the answer without supabase-js.
    if (!(await hasStoredSession())) return 'no-session';
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.getSession();
      if (data.session) return 'signed-in';
      // A refused refresh has already removed the stored session; no answer leaves it for the next try.
      return !error || isRefusal(error.status) ? 'no-session' : 'unreachable';
    } catch (error) {
      console.error('Course: the session could not be read.', error);
      return 'unreachable';
    }
  },

  async signOut() {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut();
      return error ? 'failed' : 'signed-out';
    } catch (error) {
      console.error('Course: signing out failed.', error);
      return 'failed';
    }
  },

  onSignedOut(listener) {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    getSupabase().then(
      (supabase) => {
        if (stopped) return;
        const { data } = supabase.auth.onAuthStateChange((event) => {
          if (event === 'SIGNED_OUT') listener();
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      // The page's own calls report a client that did not load; there is nothing to listen to.
      () => undefined,
    );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  },
};
