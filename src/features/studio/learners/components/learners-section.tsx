import { useState } from 'react';
import type { LearnersBackend } from '../model/learners-backend';
import { LearnerPage } from './learner-page';
import { type SaveFile, LearnersView } from './learners-view';
import { useLearnerInAddress } from './use-learner-in-address';

/**
 * The Learners section: the list, or one learner's page when the address names her (`/studio#learners/<id>`), so
 * the browser's Back goes from her page to the list. Back on the list, the search is as it was and the focus is
 * on the learner just seen.
 */
export function LearnersSection({ backend, saveFile }: { backend: LearnersBackend; saveFile: SaveFile }) {
  const learnerId = useLearnerInAddress();
  const [search, setSearch] = useState('');
  const [lastSeen, setLastSeen] = useState<number | null>(null);
  if (learnerId !== null && learnerId !== lastSeen) setLastSeen(learnerId);

  if (learnerId !== null) return <LearnerPage key={learnerId} id={learnerId} backend={backend} />;
  return (
    <LearnersView
      backend={backend}
      saveFile={saveFile}
      search={search}
      onSearch={setSearch}
      returnFocusTo={lastSeen}
    />
  );
}
