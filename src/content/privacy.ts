/**
 * The privacy page (PRIVACY_PATH, content/course.ts). It describes what the product really keeps: the `signups` and `email_outbox`
 * tables (supabase/migrations), the send-email limits (docs/email.md) and the owner's erasure command
 * (docs/owners-guide.md). Change it when any of those change.
 */
/**
 * Who answers for the details a sign-up keeps, and how to reach them: the owner's words (the studio's Site
 * section), empty as shipped, since only she can say them. The page says what holds without them.
 */
export const privacyWordDefaults = { 'privacy.controller': '', 'privacy.contact': '' };

export const privacyCopy = {
  documentTitle: 'Privacy policy | Three Lenses',
  description:
    'What Three Lenses keeps when you sign up for the free course, what stays in your browser, and how to have your details erased.',
  homeLink: 'Back to the course page',
  title: 'Privacy policy',
  updated: 'Last updated 28 November 2026',
  intro:
    'This page says, in plain words, what happens to your details when you sign up for the free course. We keep as little as we can: only what we need to send you your course.',
  responsible: {
    heading: 'Who is responsible for your details',
    controller: 'Responsible for your details (the “data controller”):',
    noController: 'The owner of this course is responsible for your details.',
    contact: 'To ask about your details, or to have them erased, write to:',
    noContact:
      'To ask about your details, or to have them erased, reply to the course e-mail, or write to the address it came from.',
  },
  sections: [
    {
      heading: 'What we keep when you sign up',
      paragraphs: [
        'When you press "Show Me My Free Course", your browser sends us two things: your name and your e-mail address. We store:',
      ],
      list: [
        'your name and your e-mail address;',
        'when you first signed up, when you last signed up, and how many times;',
        'which version of our "why you get this e-mail" wording you were shown;',
        'whether the sign-up came through this website or our hosted back end;',
        'for the course e-mail: its delivery status, how many times we tried to send it, the last delivery error if any, and the message number our e-mail service gives it;',
        'if you answer "E-mail me if I pause for a week" on the course page: each answer (yes or no), the words you saw and when; the reminders we send, and whether you unsubscribed from them;',
        'if you answer "E-mail me when new lessons are added" on the course page: each answer (yes or no), the words you saw and when; the announcements we send you, and whether you unsubscribed from them;',
        'as you watch the course: how far you got in each lesson, when each counted as watched, when you first finished the whole course, and your answer to "How useful was this course?" if you give one;',
        'only if you tick "Keep my answers and plan with my account" on the course page: your name, your answers to the questions and the notes of your plan, with the words you ticked, so they follow you to other devices. Unticking it deletes them from your account at once.',
      ],
    },
    {
      heading: 'What never leaves your browser',
      paragraphs: [
        'Your answers to the questions (your worries, your childhood dream, your age group and your strengths or favourite subjects) are never sent to us, unless you tick "Keep my answers and plan with my account" (see above). They are kept in this browser on this device (its local storage), so that the course can be tailored to you when you come back, on any day and in any tab. The notes you write in "My three-lenses plan" are kept there too, and sent only under the same choice. If you watch a free preview lesson before signing in, how far you got is kept there until you sign in on this device: then it counts for that lesson in your course, and is removed from the browser. Your certificate is made in your browser too, with the name you choose: it is not sent to us.',
        'Another device or browser does not have them. To remove them, press "Forget my answers" on the course page, or "Start over" in the questions; clearing your browser\'s site data removes them as well.',
      ],
    },
    {
      heading: 'Cookies and tracking',
      paragraphs: [
        'This site sets no cookies and uses no analytics or advertising trackers.',
        'To stop abuse, our server counts sign-up attempts per connection and per e-mail address for up to an hour. Those counts are held in memory only and are never written to disk.',
      ],
    },
    {
      heading: 'What we use it for',
      paragraphs: [
        'We use your name and address to send you one e-mail with the link to your course, and the sign-in links you ask for. We will not write to you again unless you sign up again, or turn on "E-mail me if I pause for a week" on the course page: then, after a week without watching, we send you at most 3 reminders, a week apart, each with a link that stops them at once. If you turn on "E-mail me when new lessons are added", we write when there is something new in the course (a new lesson, a live session), each e-mail with a link that stops them at once. We do not sell or share your details with anyone, except the e-mail service that delivers our message, which handles your address for that purpose only.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: ['We keep your sign-up until you ask us to erase it.'],
    },
    {
      heading: 'Erasing your details',
      paragraphs: [
        'Reply to the course e-mail, or write to the address it came from, and ask us to erase your details. We then delete your sign-up, your course account with its progress and answers, and every e-mail record for your address, however it was capitalised.',
      ],
    },
  ],
} as const;
