import { supabaseCourseBackend } from '@/features/course/api/supabase-course-backend';
import { getSupabase } from '@/lib/supabase';
import type { StudioAccess, StudioVisitor } from './studio-access';

async function whoIsHere(): Promise<StudioVisitor> {
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    if (!data.session) return { status: 'signed-out' };
    const owner = await supabase.rpc('is_owner');
    // A session the server no longer knows (signed out elsewhere, erased) is no session.
    if (owner.status === 401) return { status: 'signed-out' };
    if (owner.error) return { status: 'unreachable' };
    return { status: 'signed-in', email: data.session.user.email ?? '', owner: owner.data === true };
  } catch (error) {
    console.error('Studio: the sign-in could not be checked.', error);
    return { status: 'unreachable' };
  }
}

/** The studio's frame over supabase-js: the course's sign-in, and is_owner() asked of the database. */
export const supabaseStudioAccess: StudioAccess = {
  whoIsHere,
  verifySignInCode: supabaseCourseBackend.verifySignInCode,
  requestNewLink: supabaseCourseBackend.requestNewLink,
  signOut: supabaseCourseBackend.signOut,
};
