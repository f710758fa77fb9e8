import { useEffect, useState } from 'react';

/** `#learners` and a page inside it, `#learners/12`, both name the Learners section. */
const sectionIn = (ids: readonly string[], hash: string) => {
  const named = hash.slice(1).split('/')[0] ?? '';
  return ids.includes(named) ? named : ids[0];
};

/** The section the address names (`/studio#learners`), kept in step with the browser's back and forward. */
export function useStudioSection(ids: readonly string[]): string | undefined {
  const [section, setSection] = useState(ids[0]);
  useEffect(() => {
    const follow = () => setSection(sectionIn(ids, window.location.hash));
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [ids]);
  return section;
}
