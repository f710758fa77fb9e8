import { useEffect, useState } from 'react';
import { courseCopy } from '@/content/course-page';
import { createAnswersKeeper } from '../answers-keeper';
import type { LearnerRecordBackend } from '../model/course-backend';
import { ConsentCheckbox } from './consent-checkbox';

/**
 * "Keep my answers and plan with my account, so they follow me to other devices": off unless she ticks it;
 * while ticked, this device's answers and plan follow to her account (answers-keeper.ts).
 */
export function KeepAnswersConsent({
  backend,
}: {
  backend: Pick<LearnerRecordBackend, 'loadKeptAnswers' | 'keepAnswers' | 'forgetKeptAnswers'>;
}) {
  const [keeper] = useState(() => createAnswersKeeper(backend));
  useEffect(() => keeper.stop, [keeper]);
  return <ConsentCheckbox copy={courseCopy.keepAnswers} load={keeper.load} save={keeper.save} />;
}
