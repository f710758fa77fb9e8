/** Every word of the studio's Outbox section: the counts, the failed e-mails and their retry. */
export const studioOutboxCopy = {
  label: 'Outbox',
  /** How dates and times are written (day month year). */
  dateLocale: 'en-GB',
  intro:
    'The course’s e-mails: how many wait, are being sent, were sent, or failed. A failed e-mail shows why; Retry sends it again.',
  loading: 'Loading the outbox…',
  loadFailed: 'We couldn’t load the outbox. Please check your connection and try again.',
  tryAgain: 'Try again',
  refresh: 'Refresh',
  countsLabel: 'E-mails by status',
  statuses: {
    pending: 'Waiting',
    sending: 'Being sent',
    sent: 'Sent',
    dead: 'Failed',
  } as Record<string, string>,
  oldestDue: (when: string) => `The oldest waiting e-mail is due ${when}.`,
  paused: (provider: string, until: string, reason: string | null) =>
    `Sending through ${provider} is paused until ${until}, as the provider asked${reason ? `: ${reason}` : '.'}`,
  deadHeading: 'Failed e-mails',
  noDead: 'No failed e-mails.',
  deadCaption: 'Failed e-mails, newest first',
  columns: {
    recipient: 'Recipient',
    kind: 'E-mail',
    attempts: 'Attempts',
    queued: 'Queued',
    reason: 'Why it failed',
    actions: 'Actions',
  },
  kinds: {
    'course-access': 'Course access',
    'sign-in-link': 'Sign-in link',
    reminder: 'Reminder',
    announcement: 'Announcement',
  } as Record<string, string>,
  noReason: 'No reason given',
  retry: 'Retry',
  retryLabel: (recipient: string) => `Retry the e-mail to ${recipient}`,
  retried: (recipient: string) => `The e-mail to ${recipient} is back in the queue and goes out shortly.`,
  retryFailed: (reason: string) => `Not retried: ${reason}`,
  unreachable: 'Nothing changed: we couldn’t reach the server. Please try again.',
};
