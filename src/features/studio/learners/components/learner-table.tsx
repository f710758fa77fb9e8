import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { studioLearnersCopy } from '@/content/studio-learners';
import { formatTime } from '@/lib/format-time';
import { learnerHash } from '../model/learner-address';
import type { StudioLearner } from '../model/learners-backend';

const copy = studioLearnersCopy;
const when = (at: Date) => formatTime(at, copy.dateLocale);

const emailTone = {
  sent: 'text-green-800',
  queued: 'text-ink-soft',
  dead: 'font-semibold text-red-700',
  none: 'text-ink-soft',
} as const;

/** The id of a learner's link in the list, for the focus to come back to it from her page. */
export const learnerLinkId = (id: number) => `learner-link-${id}`;

/** The learners as a table (cards on a phone): each name a link to her page, and an Erase button per row. */
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
  const columns: Column<StudioLearner>[] = [
    {
      label: copy.columns.learner,
      rowHeader: true,
      className: 'font-normal',
      cell: (learner) => (
        <>
          <a
            id={learnerLinkId(learner.id)}
            href={learnerHash(learner.id)}
            className="block font-semibold text-ink underline underline-offset-4"
          >
            {learner.name}
          </a>
          <span className="block break-all text-ink-soft">{learner.email}</span>
        </>
      ),
    },
    {
      label: copy.columns.signedUp,
      cell: (learner) => (
        <>
          {when(learner.firstSignedUpAt)}
          {learner.lastSignedUpAt.getTime() !== learner.firstSignedUpAt.getTime() && (
            <span className="block text-ink-soft">{copy.signedUpAgain(when(learner.lastSignedUpAt))}</span>
          )}
        </>
      ),
    },
    {
      label: copy.columns.courseEmail,
      cell: (learner) => (
        <span className={emailTone[learner.courseEmail]}>
          {copy.courseEmail[learner.courseEmail](learner.courseEmailProvider)}
        </span>
      ),
    },
    {
      label: copy.columns.lastActive,
      cell: (learner) => (learner.lastActiveAt ? when(learner.lastActiveAt) : copy.neverActive),
    },
    {
      label: copy.columns.progress,
      cell: (learner) => copy.progress(learner.lessonsWatched, learner.percentComplete),
    },
    {
      label: copy.columns.reminders,
      cell: (learner) => (learner.reminders ? copy.remindersOn : copy.remindersOff),
    },
    {
      label: copy.columns.actions,
      actions: true,
      cell: (learner) => (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={copy.eraseLabel(learner.email)}
          onClick={(event) => onErase(learner, event.currentTarget)}
        >
          {copy.erase}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption={copy.tableCaption}
      columns={columns}
      rows={learners}
      rowKey={(learner) => learner.id}
      className="mt-4"
      minWidth="min-w-3xl"
    />
  );
}
