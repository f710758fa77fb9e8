/**
 * Every word of the course page (/course): signing in with the e-mail's link, asking for a new link, the lesson
 * list and the player. The lessons' own titles and summaries are rows of `lessons`, not copy. The landing page
 * links to the course through content/course.ts, which holds its address only, so these words stay in the
 * course's own chunk.
 */

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const courseCopy = {
  documentTitle: 'Your course | Three Lenses',
  description:
    'The free Three Lenses course: open the link from your course e-mail to sign in and watch the lessons.',
  title: 'Your free course',
  /** The live region while the page finds out who is visiting. */
  checking: 'Checking whether you are signed in…',
  verifying: 'Signing you in…',
  /** A sign-in link opened: only a person's tap spends it, so a mail scanner that opens links spends nothing. */
  linkReady: {
    heading: 'Welcome! One tap and you are in',
    body: 'This signs you in on this device. You will stay signed in here until you sign out.',
    button: 'Continue to your course',
  },
  signOut: 'Sign out',
  /** In the header while signed out: leads to the sign-in form below. */
  signIn: 'Sign in',
  signingOut: 'Signing out...',
  signOutFailed: "We couldn't sign you out. Please check your connection and try again.",
  /** What happened, over the sign-in form at the top of the page. */
  signedOut: {
    'no-session': {
      heading: 'Sign in to watch',
      body: 'Enter the address you signed up with, and we will e-mail you a code and a link to sign in. Have a course e-mail already? Its link or its code works too.',
    },
    'link-refused': {
      heading: 'That link has expired or was already used',
      body: 'Each sign-in link works once, for 24 hours. If the same e-mail is still open, its 6-digit code works on any device: enter your address, then choose "I already have a code". Or ask for a new code.',
    },
    'signed-out': {
      heading: "You're signed out",
      body: 'To watch again, enter your address and we will e-mail you a code to sign in.',
    },
  },
  /**
   * Signing in with one address field: a code is e-mailed (with a link beside it), or one already received is
   * typed in. The answer to "send" is the same for every address, so the page never tells who signed up.
   */
  signInForm: {
    emailLabel: 'Your email',
    sendCode: 'Send me a code',
    sending: 'Sending...',
    haveCode: 'I already have a code',
    /** The code screen, with the address it is for. */
    sentTo: { before: 'If ', after: ' signed up, an e-mail with a 6-digit code and a link is on its way.' },
    codeFor: { before: 'Enter the 6-digit code from an e-mail sent to ', after: '.' },
    notYou: 'Not you?',
    codeLabel: '6-digit code',
    codeHint: 'It is in your course e-mail, under the button. The link in that e-mail works too.',
    submit: 'Sign in',
    signingIn: 'Signing in...',
    invalid: 'Enter the 6 digits from your e-mail.',
    refused:
      "That code didn't work. Check the 6 digits, or send a new code: each code works once, for 24 hours.",
    rateLimited: 'Too many tries — please wait a minute.',
    failed: "We couldn't check your code. Please check your connection and try again.",
    sendNewCode: 'Send a new code',
    /** While the address's wait between two e-mails runs. */
    sendNewCodeIn: (clock: string) => `Send a new code in ${clock}`,
    newCodeSent: 'A new code is on its way, if that address signed up.',
    sendRateLimited: 'Too many tries — please wait a minute.',
    sendFailed: "We couldn't send a code. Please check your connection and try again.",
  },
  notSignedUp: 'Not signed up yet?',
  signUpLink: 'Sign up free',
  signUpHref: '/#signup',
  /** The page could not find out whether the link or the stored session is good. */
  unreachable: {
    verify: "We couldn't check your link just now. Please check your connection and try again.",
    session: "We couldn't check whether you are signed in. Please check your connection and try again.",
    rateLimited: 'Too many tries — please wait a minute.',
  },
  tryAgain: 'Try again',
  lessons: {
    heading: 'Lessons',
    loading: 'Loading the lessons…',
    failed: "We couldn't load the lessons. Please try again.",
    empty: 'No lessons are published yet. Please come back soon.',
    number: (position: number) => `Lesson ${position}`,
    position: (position: number, total: number) => `Lesson ${position} of ${total}`,
    /** Under the list's heading. */
    watchedSummary: (watched: number, total: number) => `${watched} of ${total} watched`,
    /** Each lesson's state, in words beside its mark. */
    state: {
      'not-started': 'Not started',
      'in-progress': 'In progress',
      watched: 'Watched',
    },
  },
  player: {
    loading: 'Loading the video…',
    /** The large control over a lesson's player until it first plays. */
    play: (title: string) => `Play: ${title}`,
    /** After that tap, until the video plays. */
    starting: 'Starting…',
    failed: "We couldn't load this lesson's video. Please try again.",
    captionsLabel: 'English',
    captionsLanguage: 'en',
    /** Opening a lesson left part-way: where it picks up, and the way back to its start. */
    resuming: (clock: string) => `Picking up where you left off, at ${clock}.`,
    startOver: 'Start from the beginning',
    /** Opening /course where the learner stopped (the first lesson not yet watched). */
    continueAt: (position: number, clock: string | null) =>
      clock === null ? `Continue: Lesson ${position}` : `Continue: Lesson ${position} at ${clock}`,
    /** After a lesson ends. */
    nextLesson: (title: string) => `Next lesson: ${title}`,
    /** The last lesson ended while others are still unwatched: not finished yet. */
    stillToWatch: {
      heading: (watched: number, total: number) => `You've watched ${watched} of ${plural(total, 'lesson')}`,
      body: (titles: readonly string[]) => `Still to watch: ${titles.join(', ')}.`,
    },
    /** A lesson watched again ends with every lesson watched: the way back to the completion view. */
    seeCompletion: "See what's next",
  },
  /**
   * The course tailored on this device by the questionnaire's answers, which are never sent: lessons picked
   * for the visitor, one line in their own words, and the short form again where the device has no answers.
   */
  tailoring: {
    heading: 'Made for you',
    /** Beside each lesson that speaks to an answer. */
    forYou: 'For you',
    echo: {
      worry: (said: string, lesson: number) =>
        `You said you worry about ${said}: lesson ${lesson} starts there.`,
      strength: (said: string, lesson: number) =>
        `You said you're good at ${said}: lesson ${lesson} builds on it.`,
    },
    /** When no lesson's tags meet the answers. */
    noEcho: 'Every lesson is for you: the three lenses work whatever you answered.',
    picked: (count: number) =>
      `${plural(count, 'lesson')} marked "For you" ${count === 1 ? 'speaks' : 'speak'} to your answers.`,
    kept: 'Your answers stay on this device, unless you choose to keep them with your account.',
    change: 'Change my answers',
    forget: 'Forget my answers',
    forgotten: 'Your answers are gone from this device.',
    offer: {
      heading: 'Make this course yours',
      body: 'Three quick questions, and the lessons that speak to you are marked. Your answers stay on this device.',
      start: 'Answer the questions',
      skip: 'Not now',
    },
    form: {
      heading: 'Your answers',
      done: 'Done',
    },
  },
  /** Free preview lessons: anyone may watch them, before signing in. */
  preview: {
    badge: 'Free preview',
    watch: (position: number) => `Watch lesson ${position} now, free`,
    watchShort: 'Watch free',
    eyebrow: (position: number, total: number) => `Free preview · Lesson ${position} of ${total}`,
    afterwards: 'Sign in to watch the rest of the course and keep your place.',
  },
  /** The completion view: every published lesson watched. It stays, after a reload and on every device. */
  complete: {
    heading: "You've finished the course!",
    /** `finished`: the lessons there were when she finished (a lesson published later waits as new). */
    body: (finished: number) =>
      `You've watched all ${plural(finished, 'lesson')}. Your three lenses are ready: trends, strengths and dreams.`,
    rewatch: 'Any lesson in the list plays again.',
    /** Lessons published after she finished: her finish stays, and these wait for her. */
    newLessonsHeading: 'New since you finished',
    newLesson: (title: string) => `New: ${title}`,
  },
  /** The certificate of completion, made on the learner's device. */
  certificate: {
    heading: 'Your certificate',
    body: 'With your name, the course and the date. It is made on this device: nothing is sent.',
    nameLabel: 'Name on the certificate',
    nameMissing: 'Please enter the name to print on it.',
    downloadPdf: 'Download the certificate (PDF)',
    downloadImage: 'Download a picture to share',
    making: 'Making it…',
    failed: "We couldn't make the file on this device. Please try again.",
    title: 'Certificate of completion',
    presentedTo: 'This certifies that',
    completed: 'has completed',
    courseTitle: 'The Three Lenses course',
    on: (date: string) => `on ${date}`,
    signedBy: (owner: string, role: string) => `${owner}, ${role}`,
  },
  /** The completion view's one question, answered once per learner. */
  feedback: {
    question: 'How useful was this course?',
    /** Under the two ends of the 1–5 scale. */
    scaleEnds: { 1: 'Not useful', 5: 'Very useful' },
    commentLabel: "Anything you'd like to tell us? (optional)",
    send: 'Send',
    sending: 'Sending…',
    chooseRating: 'Choose a number from 1 to 5 first.',
    thanks: 'Thank you for your answer.',
    yourRating: (rating: number) => `You rated the course ${rating} out of 5.`,
    loadFailed: "We couldn't load this question. Please check your connection and try again.",
    sendFailed: "We couldn't send your answer. Please check your connection and try again.",
  },
  /**
   * The one e-mail a learner may ask for beyond the sign-in links. `label` and `details` are stored with each
   * answer, word for word, under `version`: bump it when either changes.
   */
  reminders: {
    label: 'E-mail me if I pause for a week',
    details:
      'At most 3 reminders, a week apart, each naming your next lesson. Every one has a link to stop them.',
    version: 'pause-reminders-2026-11',
    on: "Saved. If you pause for a week, we'll e-mail you your next lesson.",
    off: 'Saved. No reminder e-mails.',
    loadFailed: "We couldn't load your reminder choice. Please check your connection and try again.",
    saveFailed: "We couldn't save your choice. Please check your connection and try again.",
  },
  /**
   * The owner's announcements (new lessons, a live session), a consent of its own. Stored with each answer, word
   * for word, under `version`: bump it when `label` or `details` change.
   */
  announcements: {
    label: 'E-mail me when new lessons are added',
    details: 'Now and then, when there is something new in the course. Every e-mail has a link to stop them.',
    version: 'announcements-2026-12',
    on: "Saved. We'll e-mail you when there is something new.",
    off: 'Saved. No announcement e-mails.',
    loadFailed: "We couldn't load your announcement choice. Please check your connection and try again.",
    saveFailed: "We couldn't save your choice. Please check your connection and try again.",
  },
  /**
   * Off unless the learner ticks it: her answers and plan kept with her account. Stored with the words, under
   * `version`: bump it when they change.
   */
  keepAnswers: {
    label: 'Keep my answers and plan with my account, so they follow me to other devices',
    details:
      'Your name, your answers to the questions and the notes of your plan are kept with your course account, for you alone, until you untick this. Your e-mail address is not part of them.',
    version: 'keep-answers-2026-11',
    on: 'Saved. Your answers and plan will be here when you sign in on another device.',
    off: 'Saved. Your answers and plan are gone from your account, and stay on this device only.',
    loadFailed: "We couldn't load this choice. Please check your connection and try again.",
    saveFailed: "We couldn't save your choice. Please check your connection and try again.",
  },
} as const;
