/**
 * Spending a sign-in link or code: in, refused (used, expired, unknown, wrong), asked to wait (429), or no
 * answer at all.
 */
export type LinkOutcome = 'signed-in' | 'refused' | 'rate-limited' | 'unreachable';

/** Whether a session is stored (and still refreshable), or that could not be found out. */
type SessionOutcome = 'signed-in' | 'no-session' | 'unreachable';

/** Asking for a new link. `sent` is also the answer for an address that never signed up. */
export type NewLinkOutcome = 'sent' | 'rate-limited' | 'failed';

type SignOutOutcome = 'signed-out' | 'failed';

/**
 * Everything signing in and out asks of the back end, on every page that has a way in. The real one speaks
 * supabase-js (supabase-sign-in.ts); tests hand the forms and pages their own.
 */
export interface SignInBackend {
  /** Spends a sign-in link's token; a good one leaves a stored session. */
  verifySignInLink(tokenHash: string): Promise<LinkOutcome>;
  /** Starts loading what spending a link needs, while the page waits for the person's tap. */
  prepareSignIn(): void;
  /** Spends the 6-digit code a sign-in e-mail carries beside its link, for its address. */
  verifySignInCode(email: string, code: string): Promise<LinkOutcome>;
  sessionStatus(): Promise<SessionOutcome>;
  requestNewLink(email: string): Promise<NewLinkOutcome>;
  signOut(): Promise<SignOutOutcome>;
  /** Calls back whenever the session ends (signed out here or in another tab, refresh refused); returns the unsubscribe. */
  onSignedOut(listener: () => void): () => void;
}
