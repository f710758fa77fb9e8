/** Every word of the studio's Learners section: the search, the list, the download and the erase dialog. */
export const studioLearnersCopy = {
  label: 'Learners',
  /** How dates and times are written (day month year). */
  dateLocale: 'en-GB',
  intro:
    'Everyone who signed up, newest first: whether their course e-mail arrived, when they were last active and how far they got.',
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
  courseEmail: {
    sent: 'Delivered',
    queued: 'Waiting to be sent',
    dead: 'Failed: see Outbox',
    none: 'None',
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
};
