import type { CourseBackend } from '@/features/course/model/course-backend';

/** Who opened /studio, as far as the page can tell: owner rights come from the database's is_owner(). */
export type StudioVisitor =
  | { status: 'signed-out' }
  | { status: 'signed-in'; email: string; owner: boolean }
  | { status: 'unreachable' };

/**
 * What the studio's frame asks of its back end: who is here, and the course's own ways in and out (the same
 * link, code and session as /course). The real one speaks supabase-js; tests hand the page their own.
 */
export interface StudioAccess extends Pick<CourseBackend, 'verifySignInCode' | 'requestNewLink' | 'signOut'> {
  whoIsHere(): Promise<StudioVisitor>;
}
