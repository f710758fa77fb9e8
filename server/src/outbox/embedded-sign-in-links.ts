/** The embedded server's sign-in links: tokens from its own auth schema, in the course link's shape. */
import { issueMagicLinkTokens } from '../auth/one-time-tokens.ts';
import { courseSignInUrl, type SignInLinkMaker } from '../../../supabase/functions/_shared/sign-in-link.ts';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

/** All of a request's links in one statement: one database round trip per batch, not one per e-mail. */
export function embeddedSignInLinks(db: Sql, siteUrl: string): SignInLinkMaker {
  return async (emails) => {
    try {
      const tokens = await issueMagicLinkTokens(db, emails);
      return tokens.map((token) => ({ status: 'fulfilled', value: courseSignInUrl(siteUrl, token) }));
    } catch (error) {
      return emails.map(() => ({ status: 'rejected', reason: error }));
    }
  };
}
