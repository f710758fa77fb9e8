import type { SupabaseClient } from '@supabase/supabase-js';

/** The back end's data APIs: a 401 there refuses the token, where a 401 from Auth is part of signing in. */
const DATA_PATHS = ['/rest/v1/', '/storage/v1/'];

/**
 * A fetch for supabase-js that ends a session the back end no longer accepts. A data request sent with a
 * signed-in token and refused with 401 means the session ended elsewhere (signed out on another device, or the
 * owner erased the learner or corrected her address): the session is refreshed once, and when Auth refuses
 * that too it is removed here, so the page's SIGNED_OUT listeners show the sign-in form, not a failure to
 * retry. A token that had merely expired is refreshed, and the next try works.
 */
export function fetchEndingRefusedSessions(client: () => SupabaseClient | undefined, anonKey: string) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const authorization = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    ).get('authorization');
    const signedIn = authorization !== null && authorization !== `Bearer ${anonKey}`;
    const supabase = client();
    if (response.status === 401 && signedIn && supabase && DATA_PATHS.some((p) => url.pathname.includes(p))) {
      void endIfRefused(supabase);
    }
    return response;
  };
}

async function endIfRefused(supabase: SupabaseClient) {
  const { error } = await supabase.auth.refreshSession();
  // 429 asks to wait; 5xx and no answer say nothing about the session.
  const refused =
    error?.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429;
  if (refused) await supabase.auth.signOut({ scope: 'local' });
}
