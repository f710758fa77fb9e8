import { useLoad } from '@/lib/use-load';
import type { GuideCardData } from './api/guide';

export type GuidesState =
  { status: 'loading' } | { status: 'ready'; guides: GuideCardData[] } | { status: 'unavailable' };

/**
 * Loads the guides (and supabase-js with them) once `wanted` turns true; failure or an empty list is logged
 * and reported as 'unavailable', which the carousel shows as placeholder cards rather than an error.
 */
export function useGuides(wanted: boolean): GuidesState {
  const { state } = useLoad(wanted ? loadGuides : null, 'Guides: could not load them; showing placeholders.');
  if (state.status === 'loading') return state;
  return state.status === 'ready' && state.value.length > 0
    ? { status: 'ready', guides: state.value }
    : { status: 'unavailable' };
}

function loadGuides(): Promise<GuideCardData[]> {
  return import('./api/fetch-guides')
    .then(({ fetchGuides }) => fetchGuides())
    .then((guides) => {
      if (guides.length === 0) console.error('Guides: the list is empty; showing placeholders.');
      return guides;
    });
}
