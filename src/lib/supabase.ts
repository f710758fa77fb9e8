import type { SupabaseClient } from '@supabase/supabase-js';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys';
import { fetchEndingRefusedSessions } from './refused-session';

/**
 * Where the back end is. Unset → the embedded server: same origin, its public key.
 * Set (even to something broken) → used as given, so supabase-js reports its own errors.
 */
export function supabaseConfig(env: ImportMetaEnv = import.meta.env, origin = window.location.origin) {
  return {
    url: env.VITE_SUPABASE_URL ?? origin,
    key: env.VITE_SUPABASE_ANON_KEY ?? EMBEDDED_ANON_KEY,
  };
}

let client: Promise<SupabaseClient> | undefined;

/**
 * The one supabase client, loaded on first use with a dynamic import: supabase-js is about 57 KB gzipped
 * and must never delay the first paint. A failed load or a bad config rejects, and the next call tries again.
 * A session the back end refuses is ended (./refused-session).
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      const { url, key } = supabaseConfig();
      const supabase: SupabaseClient = createClient(url, key, {
        global: { fetch: fetchEndingRefusedSessions(() => supabase, key) },
      });
      return supabase;
    })
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}
