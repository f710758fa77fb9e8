/** The embedded server's sign-in links: a token from its own auth schema, in the course link's shape. */
import { issueMagicLinkToken } from '../auth/one-time-tokens.ts';
import { courseSignInUrl, type SignInLinkMaker } from '../../../supabase/functions/_shared/sign-in-link.ts';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

export function embeddedSignInLinks(db: Sql, siteUrl: string): SignInLinkMaker {
  return async (email) => courseSignInUrl(siteUrl, await issueMagicLinkToken(db, email));
}
