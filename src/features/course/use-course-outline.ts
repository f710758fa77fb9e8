import { useCallback } from 'react';
import { useLoad } from '@/lib/use-load';
import type { CourseOutline } from '@/shared/course-outline/outline';
import type { CourseContentBackend } from './model/course-backend';
import { seededOutline } from './seeded-outline';

/**
 * The public outline, asked for as soon as the page runs, whoever is visiting. A failure keeps the seeded
 * outline: it is a preview, and signing in does not wait for it.
 */
export function useCourseOutline(backend: Pick<CourseContentBackend, 'loadOutline'>): CourseOutline {
  const { state } = useLoad(
    useCallback(() => backend.loadOutline(), [backend]),
    'Course: the outline could not be loaded.',
  );
  return state.status === 'ready' ? state.value : seededOutline;
}
