import { type ReactNode, useSyncExternalStore } from 'react';
import { courseCopy } from '@/content/course-page';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { lessonSlugIn } from '../model/lesson';

function followAddress(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/**
 * What stands in the player's place until a learner is in: the number and title of the lesson the address
 * names (a reminder's link, `?lesson=…`; read once hydrated, so the first render matches the prerendered page), else
 * the first lesson's, and the
 * player's dark frame holding what the page says or asks meanwhile (checking, a link to spend, how to sign in),
 * over the first lesson's poster, dimmed, when it is that lesson's place. It has the player's shape, so the
 * player takes its place without moving the page; the poster is the one the lessons' list shows (one download).
 */
export function CourseCover({ outline, children }: { outline: CourseOutline; children: ReactNode }) {
  const named = lessonSlugIn(
    useSyncExternalStore(
      followAddress,
      () => window.location.search,
      () => '',
    ),
  );
  const index = Math.max(
    0,
    outline.lessons.findIndex((lesson) => lesson.slug === named),
  );
  const poster = index === 0 ? outline.firstPosterUrl : null;
  return (
    <div>
      <p className="text-sm font-semibold tracking-wide text-ink-muted">
        {courseCopy.lessons.position(index + 1, outline.lessons.length)}
      </p>
      <p className="mt-1 font-display text-2xl font-semibold tracking-tight sm:text-3xl">
        {outline.lessons[index]?.title}
      </p>
      <div className="relative isolate mt-4 flex aspect-video justify-center overflow-hidden rounded-card bg-night bg-[radial-gradient(circle_at_15%_10%,#2d2670_0,transparent_55%),radial-gradient(circle_at_95%_100%,#0f4f4a_0,transparent_50%)] p-5 text-center text-on-night shadow-card sm:p-8">
        {poster && (
          <>
            <img
              src={poster}
              alt=""
              fetchPriority="high"
              className="absolute inset-0 -z-10 size-full scale-110 object-cover blur-sm"
            />
            <div aria-hidden="true" className="absolute inset-0 -z-10 bg-night/70" />
          </>
        )}
        <div className="flex size-full max-w-xl flex-col items-center justify-center">{children}</div>
      </div>
    </div>
  );
}
