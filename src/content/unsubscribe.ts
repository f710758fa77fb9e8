/**
 * Every word of /unsubscribe, the page a reminder e-mail's footer link opens; an announcement's link
 * (`?list=announcements`) shows `announcements` in place of the reminders' words.
 */
export const unsubscribeCopy = {
  documentTitle: 'Stop reminder e-mails | Three Lenses',
  description: 'Stop the Three Lenses course reminder e-mails with one tap.',
  title: 'Stop reminder e-mails?',
  body: 'This stops the reminders you asked for when you pause the course. Sign-in links and codes you ask for still come, and you can turn reminders back on in the course.',
  button: 'Unsubscribe',
  working: 'Unsubscribing…',
  doneTitle: "You're unsubscribed",
  done: 'If this link came from one of our reminder e-mails, that address gets no more reminders.',
  missing:
    'This link has lost part of its address. Use "Unsubscribe from reminders" in the e-mail itself, or turn reminders off on the course page.',
  failed: "We couldn't unsubscribe you. Please check your connection and try again.",
  backToCourse: 'Go to the course',
  announcements: {
    title: 'Stop announcement e-mails?',
    body: 'This stops the announcements you asked for on the course page, such as new lessons. Reminders you asked for, and sign-in links and codes you ask for, still come, and you can turn announcements back on in the course.',
    done: 'If this link came from one of our announcement e-mails, that address gets no more announcements.',
    missing:
      'This link has lost part of its address. Use "Unsubscribe from announcements" in the e-mail itself, or turn announcements off on the course page.',
  },
} as const;
