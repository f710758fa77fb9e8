import { useEffect, useState } from 'react';
import type { GuideCardData } from './api/guide';

export type GuidesState =
  { status: 'loading' } | { status: 'ready'; guides: GuideCardData[] } | { status: 'unavailable' };

/**
 * Loads the guides (and supabase-js with them) once `wanted` turns true; failure or an empty list is logged
 * and reported as 'unavailable', which the carousel shows as placeholder cards rather than an error.
 */
export function useGuides(wanted: boolean): GuidesState {
  const [state, setState] = useState<GuidesState>({ status: 'loading' });
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    import('./api/fetch-guides')
      .then(({ fetchGuides }) => fetchGuides())
      .then((guides) => {
        if (guides.length === 0) console.error('Guides: the list is empty; showing placeholders.');
        if (current) setState(guides.length > 0 ? { status: 'ready', guides } : { status: 'unavailable' });
      })
      .catch((error: unknown) => {
        console.error('Guides: could not load them; showing placeholders.', error);
        if (current) setState({ status: 'unavailable' });
      });
    return () => {
      current = false;
    };
  }, [wanted]);
  return state;
}
