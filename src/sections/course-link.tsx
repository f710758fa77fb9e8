import { COURSE_PATH, courseLinks } from '@/content/course';
import { useHasStoredSession } from '@/lib/stored-session';

const tones = {
  night: 'text-on-night decoration-white/40 hover:decoration-white',
  paper: 'text-ink decoration-ink/30 hover:decoration-ink',
} as const;

/**
 * The header's way to the course: "Sign in" (which lands on /course's sign-in form) for a visitor, "Continue the
 * course" for a learner signed in on this device. Prerendered as "Sign in"; the session is read from storage
 * once hydrated, without loading supabase-js.
 */
export function CourseLink({ tone }: { tone: keyof typeof tones }) {
  const signedIn = useHasStoredSession();
  return (
    <a
      href={COURSE_PATH}
      className={`inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4 transition-colors sm:text-base ${tones[tone]}`}
    >
      {signedIn ? courseLinks.continueCourse : courseLinks.signIn}
    </a>
  );
}
