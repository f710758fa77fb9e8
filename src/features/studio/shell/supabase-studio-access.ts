import { getSupabase } from '@/lib/supabase';
import { supabaseSignIn } from '@/shared/sign-in/supabase-sign-in';
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

/** The studio's frame over supabase-js: the sign-in every page shares, and is_owner() asked of the database. */
export const supabaseStudioAccess: StudioAccess = {
  whoIsHere,
  verifySignInLink: supabaseSignIn.verifySignInLink,
  verifySignInCode: supabaseSignIn.verifySignInCode,
  requestNewLink: supabaseSignIn.requestNewLink,
  signOut: supabaseSignIn.signOut,
};
