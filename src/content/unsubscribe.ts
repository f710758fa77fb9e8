/** Every word of /unsubscribe, the page a reminder e-mail's footer link opens. */
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
} as const;
