import { getSupabase } from '@/lib/supabase';
import type { SignMany } from './stream-signer';

/** An hour: no signed address of a course file lasts longer (the server shortens a longer one). */
const SIGNED_URL_SECONDS = 60 * 60;

/** Signs files of the bucket `course` in one request, under whatever session there is, none included. */
export const signCourseFiles: SignMany = async (paths) => {
  const { data, error } = await (
    await getSupabase()
  ).storage
    .from('course')
    .createSignedUrls([...paths], SIGNED_URL_SECONDS);
  if (error) throw error;
  return new Map(
    data.flatMap((signed) =>
      signed.error === null && signed.path !== null && signed.signedUrl !== null
        ? [[signed.path, signed.signedUrl] as const]
        : [],
    ),
  );
};
