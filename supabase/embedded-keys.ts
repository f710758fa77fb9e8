/**
 * The embedded server's public key. Like a Supabase publishable key it is public by design:
 * it only names the `anon` role, and row-level security decides what that role may read.
 */
export const EMBEDDED_ANON_KEY = 'sb_publishable_embedded_three_lenses';
