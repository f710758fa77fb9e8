import { CoursePage } from '@/features/course/components/course-page';
import { supabaseCourseBackend } from '@/features/course/api/supabase-course-backend';
import { SiteFooter } from '@/sections/site-footer';

/** /course: the course behind the sign-up, over the real back end, and the site's footer. */
export function Course() {
  return (
    <>
      <CoursePage backend={supabaseCourseBackend} />
      <SiteFooter />
    </>
  );
}
