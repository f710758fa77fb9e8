/** What became of a sent e-mail, by the transport that took it. */
const SENT_THROUGH = new Map([
  ['file', 'Written to the mail folder: no mail server is set'],
  ['smtp', 'Accepted by your mail server (SMTP)'],
  ['resend', 'Accepted by Resend'],
]);

/** Every word of the studio's Outbox section: the counts, the failed e-mails and their retry, every e-mail. */
export const studioOutboxCopy = {
  label: 'Outbox',
  /** How dates and times are written (day month year). */
  dateLocale: 'en-GB',
  intro:
    'The course’s e-mails: how many wait, are being sent, were sent, or failed. A failed e-mail shows why; Retry sends it again. Below, every e-mail on record, to whom and what became of it.',
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
  record: {
    heading: 'Every e-mail',
    intro:
      'Each e-mail the course sent or is sending, newest first: to whom, when, and what became of it. They stay on record until the person is erased.',
    searchLabel: 'Search by address',
    searchButton: 'Search',
    loading: 'Loading the e-mails…',
    loadFailed: 'We couldn’t load the e-mails. Please check your connection and try again.',
    tryAgain: 'Try again',
    empty: 'No e-mail is on record yet.',
    noMatch: (search: string) => `No e-mail went to an address containing “${search}”.`,
    shown: (shown: number, total: number) =>
      shown === total
        ? `${total} ${total === 1 ? 'e-mail' : 'e-mails'}`
        : `The newest ${shown} of ${total} e-mails: search by address to find the others.`,
    caption: 'Every e-mail, newest first',
    columns: {
      recipient: 'Recipient',
      kind: 'E-mail',
      time: 'When',
      outcome: 'Outcome',
      providerId: 'Provider’s id',
    },
    /** When it was sent; for one not sent (yet), when it was queued. */
    time: (when: string, sent: boolean) => (sent ? when : `Queued ${when}`),
    noProviderId: 'None',
    /** What became of an e-mail, from its status, the transport that last took it and the last error. */
    outcome: (status: string, provider: string | null, lastError: string | null) => {
      if (status === 'sent')
        return provider === null ? 'Sent' : (SENT_THROUGH.get(provider) ?? `Sent through ${provider}`);
      if (status === 'dead') return `Failed: ${lastError ?? 'no reason given'}`;
      if (status === 'sending') return 'Being sent';
      return lastError === null ? 'Waiting to be sent' : `Waiting for another try: ${lastError}`;
    },
  },
};
