import { studioOutboxCopy } from './studio-outbox';

/** What became of an e-mail, in the Outbox's words: the same rule for the same e-mail everywhere. */
const { outcome } = studioOutboxCopy.record;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Every word of the studio's Learners section: the search, the list, the download, the erase dialog, and the page
 * of one learner.
 */
export const studioLearnersCopy = {
  label: 'Learners',
  /** How dates and times are written (day month year). */
  dateLocale: 'en-GB',
  intro:
    'Everyone who signed up, newest first: what became of their course e-mail, when they were last active and how far they got.',
  searchLabel: 'Search by address or name',
  searchButton: 'Search',
  loading: 'Loading the learners…',
  loadFailed: 'We couldn’t load the learners. Please check your connection and try again.',
  tryAgain: 'Try again',
  empty: 'Nobody has signed up yet.',
  noMatch: (search: string) => `Nobody’s address or name contains “${search}”.`,
  shown: (shown: number, total: number) =>
    shown === total
      ? `${total} ${total === 1 ? 'learner' : 'learners'}`
      : `The newest ${shown} of ${total} learners: search to find the others.`,
  tableCaption: 'Learners, newest sign-up first',
  columns: {
    learner: 'Learner',
    signedUp: 'Signed up',
    courseEmail: 'Course e-mail',
    lastActive: 'Last active',
    progress: 'Progress',
    reminders: 'Reminders',
    actions: 'Actions',
  },
  signedUpAgain: (last: string) => `again ${last}`,
  /** Sent: as the Outbox says it, by the transport that took it (the file mailbox only writes a file). */
  courseEmail: {
    sent: (provider: string | null) => outcome('sent', provider, null),
    queued: () => 'Waiting to be sent',
    dead: () => 'Failed: see Outbox',
    none: () => 'None',
  },
  neverActive: 'Not yet',
  progress: (watched: number, percent: number) =>
    `${watched} ${watched === 1 ? 'lesson' : 'lessons'} watched, ${percent}%`,
  remindersOn: 'Yes',
  remindersOff: 'No',
  download: 'Download CSV',
  downloading: 'Preparing the file…',
  downloaded: (count: number) =>
    `Downloaded signups.csv with ${count} ${count === 1 ? 'sign-up' : 'sign-ups'}. It holds personal data: keep it safe and delete it when done.`,
  downloadFailed: 'We couldn’t prepare the file. Please try again.',
  erase: 'Erase',
  eraseLabel: (email: string) => `Erase ${email}`,
  dialog: {
    title: (email: string) => `Erase ${email}?`,
    description:
      'This deletes their sign-up, every e-mail to them, their course account with its sessions, lesson progress, feedback and reminder answers. It cannot be undone.',
    confirmLabel: 'Type the address to confirm',
    confirm: 'Erase for good',
    cancel: 'Cancel',
    close: 'Close',
    erasing: 'Erasing…',
  },
  erased: (email: string) => `Erased ${email} and everything of theirs.`,
  eraseFailed: (reason: string) => `Nothing erased: ${reason}`,
  unreachable: 'Nothing changed: we couldn’t reach the server. Please try again.',
  /** One learner's page (`/studio#learners/<id>`). */
  page: {
    back: 'All learners',
    loading: 'Loading the learner…',
    loadFailed: 'We couldn’t load this learner. Please check your connection and try again.',
    tryAgain: 'Try again',
    gone: 'This learner is not here any more: they may have been erased.',
    summaryLabel: 'Sign-up and course',
    signedUp: 'Signed up',
    signedUpTimes: (count: number, last: string) =>
      count === 1 ? 'once' : `${count} times, last on ${last}`,
    source: 'Signed up through',
    /** The sign-up's `source`: which back end took it, or an owner's own row; a source added later as named. */
    sourceName: (source: string) =>
      new Map([
        ['embedded', 'The sign-up form'],
        ['supabase-edge', 'The sign-up form (on Supabase)'],
      ]).get(source) ?? source,
    lastSignIn: 'Last sign-in',
    never: 'Never',
    finished: 'Finished the course',
    notFinished: 'Not yet',
    reminders: 'Reminder e-mails',
    remindersNeverAsked: 'Never answered: no reminders',
    answerSince: (given: boolean, at: string) => `${given ? 'Yes' : 'No'}, since ${at}`,
    announcements: 'Announcement e-mails',
    announcementsNeverAsked: 'Never answered: no announcements',
    rating: 'Rating',
    noRating: 'No rating yet',
    ratingOf: (rating: number) => `${rating} of 5`,
    lessonsHeading: 'Lessons',
    lessonsCaption: 'Each published lesson and how far they got',
    noLessons: 'No lesson is published yet.',
    lessonColumns: { lesson: 'Lesson', state: 'State', when: 'When' },
    lessonWatched: 'Watched',
    lessonStarted: (position: number, duration: number) =>
      `Started: at ${minutes(position)} of ${minutes(duration)}`,
    lessonNotStarted: 'Not started',
    emailsHeading: 'E-mails',
    emailsCaption: 'Every e-mail to them, newest first',
    noEmails: 'No e-mail yet.',
    emailColumns: { queued: 'Queued', kind: 'E-mail', to: 'To', outcome: 'Outcome' },
    /** An e-mail's kind as the outbox names it; a kind added later shows as it is named. */
    emailKind: (kind: string) =>
      new Map([
        ['course-access', 'Course e-mail'],
        ['sign-in-link', 'Sign-in link they asked for'],
        ['reminder', 'Reminder'],
        ['announcement', 'Announcement'],
      ]).get(kind) ?? kind,
    /** The Outbox's outcome, and for a sent e-mail when it went. */
    emailOutcome: (
      status: string,
      provider: string | null,
      lastError: string | null,
      sentAt: string | null,
    ) => `${outcome(status, provider, lastError)}${status === 'sent' && sentAt ? ` (${sentAt})` : ''}`,
    remindersHeading: 'Reminder answers',
    remindersCaption: 'Every answer to “E-mail me if I pause for a week”, newest first',
    noReminderAnswers: 'They haven’t answered the question about reminders.',
    reminderColumns: { when: 'When', answer: 'Answer', where: 'Where', wording: 'Wording version' },
    reminderAnswer: (given: boolean) => (given ? 'Yes, remind me' : 'No reminders'),
    reminderSource: (source: string) =>
      source === 'unsubscribe' ? 'Unsubscribe link in a reminder' : 'On the course page',
    announcementsHeading: 'Announcement answers',
    announcementsCaption: 'Every answer to “E-mail me when new lessons are added”, newest first',
    noAnnouncementAnswers: 'They haven’t answered the question about announcements.',
    announcementColumns: {
      when: 'When',
      answer: 'Answer',
      where: 'Where',
      words: 'Words they saw',
      wording: 'Wording version',
    },
    announcementAnswer: (given: boolean) => (given ? 'Yes, e-mail me new lessons' : 'No announcements'),
    /** Where she answered: the course page, or the unsubscribe link of an announcement, named while it is kept. */
    announcementSource: (source: string, subject: string | null) => {
      if (source !== 'unsubscribe') return 'On the course page';
      return subject === null ? 'Unsubscribe link in an announcement' : `Unsubscribe link in “${subject}”`;
    },
    changesHeading: 'Address changes',
    addressChange: (from: string, to: string, at: string, by: string) =>
      `${at}: ${from} → ${to}${by ? `, by ${by}` : ''}`,
    actionsHeading: 'Actions',
    resend: 'Resend the course e-mail',
    resent: (email: string) => `The course e-mail is on its way to ${email}, with a fresh sign-in link.`,
    newAddressLabel: 'Correct their address',
    change: 'Change address',
    confirmChange: (from: string, to: string) => ({
      title: `Change ${from} to ${to}?`,
      description: `${from} stops working at once: its sign-in links and codes, and every device signed in with it. ${to} gets the course e-mail now. Their progress, rating and reminder answer stay.`,
      confirm: 'Change address',
      cancel: 'Cancel',
      close: 'Close',
    }),
    changed: (to: string) => `Changed to ${to}. The course e-mail is on its way there.`,
    erase: 'Erase this learner',
    refused: (reason: string) => `Nothing changed: ${reason}`,
  },
};
