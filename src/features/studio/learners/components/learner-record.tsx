import type { ReactNode } from 'react';
import { type Column, DataTable } from '@/components/ui/data-table';
import { studioLearnersCopy } from '@/content/studio-learners';
import { formatTime } from '@/lib/format-time';
import type {
  AnnouncementAnswer,
  LearnerDetail,
  LearnerEmail,
  LearnerLesson,
  ReminderAnswer,
} from '../model/learners-backend';

const copy = studioLearnersCopy.page;
const when = (at: Date) => formatTime(at, studioLearnersCopy.dateLocale);
const headingClass = 'mt-8 font-display text-xl font-semibold tracking-tight';

/**
 * What the course knows of one learner: her sign-up, lessons, e-mails, answers on reminders and announcements, and
 * address changes.
 */
export function LearnerRecord({ learner }: { learner: LearnerDetail }) {
  return (
    <>
      <LearnerSummary learner={learner} />
      <h4 className={headingClass}>{copy.lessonsHeading}</h4>
      {learner.lessons.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.noLessons}</p>
      ) : (
        <DataTable
          caption={copy.lessonsCaption}
          columns={lessonColumns}
          rows={learner.lessons}
          rowKey={(lesson) => lesson.title}
          className="mt-3"
        />
      )}
      <h4 className={headingClass}>{copy.emailsHeading}</h4>
      {learner.emails.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.noEmails}</p>
      ) : (
        <DataTable
          caption={copy.emailsCaption}
          columns={emailColumns}
          rows={learner.emails}
          rowKey={(email) => email.id}
          className="mt-3"
        />
      )}
      <h4 className={headingClass}>{copy.remindersHeading}</h4>
      {learner.reminderAnswers.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.noReminderAnswers}</p>
      ) : (
        <DataTable
          caption={copy.remindersCaption}
          columns={reminderColumns}
          rows={learner.reminderAnswers}
          rowKey={(answer) => answer.createdAt.toISOString()}
          className="mt-3"
        />
      )}
      <h4 className={headingClass}>{copy.announcementsHeading}</h4>
      {learner.announcementAnswers.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.noAnnouncementAnswers}</p>
      ) : (
        <DataTable
          caption={copy.announcementsCaption}
          columns={announcementColumns}
          rows={learner.announcementAnswers}
          rowKey={(answer) => answer.createdAt.toISOString()}
          className="mt-3"
        />
      )}
      {learner.addressChanges.length > 0 && (
        <>
          <h4 className={headingClass}>{copy.changesHeading}</h4>
          <ul className="mt-3 grid gap-2 break-words text-ink">
            {learner.addressChanges.map((change) => (
              <li key={change.changedAt.toISOString()}>
                {copy.addressChange(
                  change.oldEmail,
                  change.newEmail,
                  when(change.changedAt),
                  change.changedBy,
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function LearnerSummary({ learner }: { learner: LearnerDetail }) {
  const latestAnswer = learner.reminderAnswers[0];
  const latestAnnouncementAnswer = learner.announcementAnswers[0];
  const facts: [string, ReactNode][] = [
    [
      copy.signedUp,
      `${when(learner.firstSignedUpAt)} (${copy.signedUpTimes(learner.signupCount, when(learner.lastSignedUpAt))})`,
    ],
    [copy.source, copy.sourceName(learner.source)],
    [copy.lastSignIn, learner.lastSignInAt ? when(learner.lastSignInAt) : copy.never],
    [copy.finished, learner.finishedAt ? when(learner.finishedAt) : copy.notFinished],
    [
      copy.reminders,
      latestAnswer
        ? copy.answerSince(latestAnswer.given, when(latestAnswer.createdAt))
        : copy.remindersNeverAsked,
    ],
    [
      copy.announcements,
      latestAnnouncementAnswer
        ? copy.answerSince(latestAnnouncementAnswer.given, when(latestAnnouncementAnswer.createdAt))
        : copy.announcementsNeverAsked,
    ],
    [
      copy.rating,
      learner.feedback ? (
        <>
          {copy.ratingOf(learner.feedback.rating)}
          {learner.feedback.comment && (
            <q className="mt-1 block whitespace-pre-line break-words">{learner.feedback.comment}</q>
          )}
        </>
      ) : (
        copy.noRating
      ),
    ],
  ];
  return (
    <dl
      aria-label={copy.summaryLabel}
      className="mt-5 grid gap-x-6 gap-y-3 rounded-card border border-ink/10 bg-surface p-4 sm:grid-cols-[max-content_1fr]"
    >
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-ink-soft">{term}</dt>
          <dd className="text-ink max-sm:-mt-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const lessonColumns: Column<LearnerLesson>[] = [
  { label: copy.lessonColumns.lesson, rowHeader: true, cell: (lesson) => lesson.title },
  {
    label: copy.lessonColumns.state,
    cell: (lesson) => {
      if (lesson.completedAt) return copy.lessonWatched;
      if (lesson.positionSeconds) return copy.lessonStarted(lesson.positionSeconds, lesson.durationSeconds);
      return copy.lessonNotStarted;
    },
  },
  {
    label: copy.lessonColumns.when,
    cell: (lesson) => {
      const at = lesson.completedAt ?? lesson.updatedAt;
      return at ? when(at) : '–';
    },
  },
];

const emailOutcome = (email: LearnerEmail) =>
  copy.emailOutcome(email.status, email.provider, email.lastError, email.sentAt && when(email.sentAt));

const emailColumns: Column<LearnerEmail>[] = [
  { label: copy.emailColumns.kind, rowHeader: true, cell: (email) => copy.emailKind(email.kind) },
  { label: copy.emailColumns.queued, cell: (email) => when(email.createdAt) },
  { label: copy.emailColumns.to, className: 'break-all', cell: (email) => email.recipient },
  {
    label: copy.emailColumns.outcome,
    className: 'break-words',
    cell: (email) => (
      <span className={email.status === 'dead' ? 'font-semibold text-red-700' : undefined}>
        {emailOutcome(email)}
      </span>
    ),
  },
];

const reminderColumns: Column<ReminderAnswer>[] = [
  { label: copy.reminderColumns.when, rowHeader: true, cell: (answer) => when(answer.createdAt) },
  { label: copy.reminderColumns.answer, cell: (answer) => copy.reminderAnswer(answer.given) },
  { label: copy.reminderColumns.where, cell: (answer) => copy.reminderSource(answer.source) },
  { label: copy.reminderColumns.wording, cell: (answer) => answer.wordingVersion },
];

const announcementColumns: Column<AnnouncementAnswer>[] = [
  { label: copy.announcementColumns.when, rowHeader: true, cell: (answer) => when(answer.createdAt) },
  { label: copy.announcementColumns.answer, cell: (answer) => copy.announcementAnswer(answer.given) },
  {
    label: copy.announcementColumns.where,
    className: 'break-words',
    cell: (answer) => copy.announcementSource(answer.source, answer.announcementSubject),
  },
  { label: copy.announcementColumns.words, className: 'break-words', cell: (answer) => answer.wording },
  { label: copy.announcementColumns.wording, cell: (answer) => answer.wordingVersion },
];
