import type { CorsPolicy } from '../../../supabase/functions/_shared/cors.ts';
import { isAllowedOrigin } from '../../../supabase/functions/_shared/cors.ts';

/**
 * Whether a link may send a visitor to `url`: only to the site's own origins (SITE_URL's list, or without it
 * the server's own), so no sign-in link is an open redirect.
 */
export function isAllowedRedirect(policy: CorsPolicy, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '') return false;
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') && isAllowedOrigin(policy, parsed.origin)
  );
}
