/** Every word of the studio's Announcements section: writing one, sending it, and what each sent one did. */
export const studioAnnouncementsCopy = {
  label: 'Announcements',
  /** How dates and times are written (day month year). */
  dateLocale: 'en-GB',
  intro:
    'Write to the learners who ticked “E-mail me when new lessons are added” on the course page: a new lesson, a live session, news. Each gets it once, with a button into the course and a link that stops announcements (only those).',
  loading: 'Loading announcements…',
  loadFailed: 'We couldn’t load the announcements. Please check your connection and try again.',
  tryAgain: 'Try again',
  formLabel: 'New announcement',
  subject: 'Subject',
  subjectHint: 'The e-mail’s subject line. Up to 150 characters.',
  text: 'Text',
  textHint:
    'Plain text, as learners will read it. A blank line starts a new paragraph. It opens with “Hi” and their first name, and ends with a button into the course.',
  audience: (count: number) =>
    count === 1
      ? '1 learner has asked for announcements and will get this one.'
      : `${count} learners have asked for announcements and will get this one.`,
  noAudience:
    'No learner has asked for announcements yet. They can tick “E-mail me when new lessons are added” on the course page.',
  sendTest: 'Send a test to me',
  sendingTest: 'Sending…',
  send: (count: number) => (count === 1 ? 'Send to 1 learner' : `Send to ${count} learners`),
  sending: 'Sending…',
  missing: {
    subject: 'Write a subject.',
    text: 'Write the text.',
  },
  tooLong: (limit: number) => `Shorten it to ${limit.toLocaleString('en-GB')} characters.`,
  confirm: (count: number, subject: string) => ({
    title: `Send “${subject}”?`,
    description: `It goes to ${count === 1 ? '1 learner' : `${count} learners`} now, once each, and cannot be called back. Send yourself a test first if you have not.`,
    confirm: 'Send it',
    cancel: 'Not yet',
    close: 'Close',
  }),
  status: {
    testSent: (address: string) =>
      `Test sent to ${address}. Its link and code are samples; its unsubscribe link stops nothing.`,
    sent: (count: number) =>
      `Sent. ${count === 1 ? 'The e-mail goes' : `The ${count} e-mails go`} out through the outbox at the provider’s pace.`,
    refused: (reason: string) => `Not sent: ${reason}`,
    unreachable: 'Nothing was sent: we couldn’t reach the server. Please try again.',
  },
  previewHeading: 'Preview',
  previewNote:
    'As a learner gets it, with a sample name, link and code. The Subject and the text are yours; the rest is the same in every announcement.',
  previewTitle: 'Preview of the announcement',
  subjectLine: 'Subject:',
  newLessons: {
    label: 'Announce each new lesson when I publish it',
    details:
      'The first time a lesson is published, the learners who asked get an announcement with its title and summary.',
    on: 'Saved. Each lesson you publish from now on is announced.',
    off: 'Saved. New lessons are not announced.',
    saveFailed: 'We couldn’t save this choice. Please check your connection and try again.',
  },
  /**
   * The words a new lesson is announced in, stored with her choice: `{lesson}` is the lesson's title, `{summary}`
   * its summary.
   */
  newLessonWords: {
    subject: 'New lesson: {lesson}',
    body: 'A new lesson is in the course: “{lesson}”.\n\n{summary}',
  },
  sentHeading: 'Sent',
  noneSent: 'Nothing sent yet.',
  sentCaption: 'Announcements sent, newest first',
  columns: {
    subject: 'Subject',
    sentAt: 'Sent on',
    // Handed to the mail service (or written to the mail folder), as the Outbox counts them: not "delivered".
    delivered: 'E-mails sent',
    opened: 'Opened the course within 3 days',
    unsubscribed: 'Unsubscribed',
  },
  newLesson: 'New lesson',
  delivered: (sent: number, recipients: number, waiting: number, failed: number) =>
    [
      `${sent} of ${recipients}`,
      waiting > 0 ? `${waiting} waiting` : '',
      failed > 0 ? `${failed} failed (see the Outbox)` : '',
    ]
      .filter(Boolean)
      .join(', '),
  /** The Overview's card: every announcement so far, summed. */
  totals: {
    heading: 'Announcements',
    loading: 'Loading announcements…',
    failed: 'We couldn’t load the announcements. Please check your connection and try again.',
    none: 'No announcement sent yet. Write one in Announcements.',
    sent: 'E-mails sent',
    opened: 'Opened the course within 3 days',
    unsubscribed: 'Unsubscribed',
    sentFrom: (count: number) =>
      count === 1 ? 'From 1 announcement so far.' : `From ${count} announcements so far.`,
    seeEach: 'See each one in Announcements',
  },
};
