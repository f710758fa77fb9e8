import { useEffect, useState } from 'react';
import type { CourseBackend } from './model/course-backend';
import type { CourseOutline } from './model/outline';

/**
 * The public outline, asked for as soon as the page runs, whoever is visiting; null until it comes. A failure
 * leaves the list's placeholder: the outline is a preview, and signing in does not wait for it.
 */
export function useCourseOutline(backend: CourseBackend): CourseOutline | null {
  const [outline, setOutline] = useState<CourseOutline | null>(null);
  useEffect(() => {
    let current = true;
    backend.loadOutline().then(
      (loaded) => {
        if (current) setOutline(loaded);
      },
      (error: unknown) => console.error('Course: the outline could not be loaded.', error),
    );
    return () => {
      current = false;
    };
  }, [backend]);
  return outline;
}
