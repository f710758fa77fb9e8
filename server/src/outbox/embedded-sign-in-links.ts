/** The embedded server's sign-in links: tokens and codes from its own auth schema, in the course link's shape. */
import { issueMagicLinkTokens } from '../auth/one-time-tokens.ts';
import { courseSignInUrl, type SignInLinkMaker } from '../../../supabase/functions/_shared/sign-in-link.ts';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

/** All of a request's links at once: the same two statements for a batch as for one e-mail. */
export function embeddedSignInLinks(db: Sql, siteUrl: string): SignInLinkMaker {
  return async (requests) => {
    try {
      const issued = await issueMagicLinkTokens(db, requests);
      // While the address's codes are paused, its e-mails say so instead of carrying one that cannot work.
      return issued.map(({ token, code, codesPaused }) => ({
        status: 'fulfilled',
        value: { url: courseSignInUrl(siteUrl, token), code: codesPaused ? undefined : code, codesPaused },
      }));
    } catch (error) {
      return requests.map(() => ({ status: 'rejected', reason: error }));
    }
  };
}
