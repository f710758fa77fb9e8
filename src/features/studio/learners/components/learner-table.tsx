import { Button } from '@/components/ui/button';
import { studioLearnersCopy } from '@/content/studio-learners';
import { formatTime } from '@/lib/format-time';
import type { StudioLearner } from '../model/learners-backend';
import { StudioTable } from '../../components/studio-table';

const copy = studioLearnersCopy;
const when = (at: Date) => formatTime(at, copy.dateLocale);

const emailTone = {
  sent: 'text-green-800',
  queued: 'text-ink-soft',
  dead: 'font-semibold text-red-700',
  none: 'text-ink-soft',
} as const;

/** The learners as a table that scrolls sideways on a narrow screen, with an Erase button per row. */
export function LearnerTable({
  learners,
  busy,
  onErase,
}: {
  learners: readonly StudioLearner[];
  busy: boolean;
  /** With the button pressed, for the focus to come back to it when the owner cancels. */
  onErase: (learner: StudioLearner, button: HTMLButtonElement) => void;
}) {
  return (
    <StudioTable
      caption={copy.tableCaption}
      columns={Object.values(copy.columns)}
      className="mt-4"
      tableClassName="min-w-3xl"
    >
      {learners.map((learner) => (
        <tr key={learner.email} className="border-b border-ink/5 last:border-0 align-top">
          <th scope="row" className="px-4 py-3 font-normal">
            <span className="block font-semibold text-ink">{learner.name}</span>
            <span className="block break-all text-ink-soft">{learner.email}</span>
          </th>
          <td className="px-4 py-3">
            {when(learner.firstSignedUpAt)}
            {learner.lastSignedUpAt.getTime() !== learner.firstSignedUpAt.getTime() && (
              <span className="block text-ink-soft">{copy.signedUpAgain(when(learner.lastSignedUpAt))}</span>
            )}
          </td>
          <td className={`px-4 py-3 ${emailTone[learner.courseEmail]}`}>
            {copy.courseEmail[learner.courseEmail]}
          </td>
          <td className="px-4 py-3">
            {learner.lastActiveAt ? when(learner.lastActiveAt) : copy.neverActive}
          </td>
          <td className="px-4 py-3">{copy.progress(learner.lessonsWatched, learner.percentComplete)}</td>
          <td className="px-4 py-3">{learner.reminders ? copy.remindersOn : copy.remindersOff}</td>
          <td className="px-4 py-3">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={copy.eraseLabel(learner.email)}
              onClick={(event) => onErase(learner, event.currentTarget)}
            >
              {copy.erase}
            </Button>
          </td>
        </tr>
      ))}
    </StudioTable>
  );
}
