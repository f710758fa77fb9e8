import { useSyncExternalStore } from 'react';
import type { CourseOutline } from './outline';

export type LandingOutlineState =
  { status: 'loading' } | { status: 'ready'; outline: CourseOutline } | { status: 'unavailable' };

export interface OutlineStore {
  /** Starts the one load of the outline; later calls do nothing. */
  request: () => void;
  /**
   * Reads the outline again, the current one shown meanwhile: a lesson's files may have changed since (a stream
   * made, a video replaced). A failure keeps what is shown.
   */
  reload: () => void;
  subscribe: (listener: () => void) => () => void;
  current: () => LandingOutlineState;
}

const LOADING: LandingOutlineState = { status: 'loading' };

/**
 * The outline as the landing page shares it: its list asks for it once it nears the viewport, and the hero's
 * course length shows it once it is there. A failure or an empty outline is logged and reported as
 * 'unavailable'.
 */
export function createOutlineStore(load: () => Promise<CourseOutline>): OutlineStore {
  let state = LOADING;
  let requested = false;
  const listeners = new Set<() => void>();
  const publish = (next: LandingOutlineState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    request() {
      if (requested) return;
      requested = true;
      load().then(
        (outline) => {
          if (outline.lessons.length === 0) console.error('Course outline: no lesson is published.');
          publish(outline.lessons.length > 0 ? { status: 'ready', outline } : { status: 'unavailable' });
        },
        (error: unknown) => {
          console.error('Course outline: could not load it.', error);
          publish({ status: 'unavailable' });
        },
      );
    },
    reload() {
      load().then(
        (outline) => {
          if (outline.lessons.length > 0) publish({ status: 'ready', outline });
        },
        (error: unknown) => console.error('Course outline: could not load it again.', error),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => state,
  };
}

/** The page's outline; supabase-js loads with it, on the first request. */
export const landingOutline = createOutlineStore(() =>
  import('./fetch-course-outline').then(({ fetchCourseOutline }) =>
    fetchCourseOutline({ withPoster: false }),
  ),
);

/** The store's state; 'loading' while prerendering and hydrating, so both render the same page. */
export function useOutlineState(store: OutlineStore): LandingOutlineState {
  return useSyncExternalStore(store.subscribe, store.current, () => LOADING);
}
