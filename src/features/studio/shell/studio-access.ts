import type { SignInBackend } from '@/shared/sign-in/sign-in-backend';

/** Who opened /studio, as far as the page can tell: owner rights come from the database's is_owner(). */
export type StudioVisitor =
  | { status: 'signed-out' }
  | { status: 'signed-in'; email: string; owner: boolean }
  | { status: 'unreachable' };

/**
 * What the studio's frame asks of its back end: who is here, and the ways in and out every page shares (the same
 * link, code and session as /course). The real one speaks supabase-js; tests hand the page their own.
 */
export interface StudioAccess extends Pick<
  SignInBackend,
  'verifySignInLink' | 'verifySignInCode' | 'requestNewLink' | 'signOut'
> {
  whoIsHere(): Promise<StudioVisitor>;
}
