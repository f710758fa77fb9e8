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
  verifying: 'Signing you in with your link…',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
  signOutFailed: "We couldn't sign you out. Please check your connection and try again.",
  /** Shown instead of the lessons, each with the new-link form under it. */
  signedOut: {
    'no-session': {
      heading: 'The course is for people who signed up',
      body: 'Open the link in your course e-mail to watch. Lost it, or on another device? Enter your address and we will send you a new link.',
    },
    'link-refused': {
      heading: 'That link has expired or was already used',
      body: 'Each sign-in link works once, for 24 hours. Enter your address and we will send you a new one.',
    },
    'signed-out': {
      heading: "You're signed out",
      body: 'To watch again, enter your address and we will send you a new sign-in link.',
    },
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
  newLink: {
    emailLabel: 'Your email',
    submit: 'Send me a new link',
    sending: 'Sending...',
    /** The same answer whatever the address: the page never says whether an address signed up. */
    sent: 'If that address signed up, a new link is on its way. It works for 24 hours, once.',
    rateLimited: 'Too many tries — please wait a minute.',
    failed: "We couldn't send a new link. Please check your connection and try again.",
  },
  lessons: {
    heading: 'Lessons',
    loading: 'Loading the lessons…',
    failed: "We couldn't load the lessons. Please try again.",
    empty: 'No lessons are published yet. Please come back soon.',
    number: (position: number) => `Lesson ${position}`,
    position: (position: number, total: number) => `Lesson ${position} of ${total}`,
    /** What a screen reader says for a duration shown as 1:05. */
    spokenDuration: (minutes: number, seconds: number) =>
      [
        minutes > 0 ? plural(minutes, 'minute') : '',
        seconds > 0 || minutes === 0 ? plural(seconds, 'second') : '',
      ]
        .filter(Boolean)
        .join(' '),
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
    failed: "We couldn't load this lesson's video. Please try again.",
    captionsLabel: 'English',
    captionsLanguage: 'en',
    /** Opening a lesson left part-way: where it picks up, and the way back to its start. */
    resuming: (clock: string) => `Picking up where you left off, at ${clock}.`,
    startOver: 'Start from the beginning',
    /** After a lesson ends. */
    nextLesson: (title: string) => `Next lesson: ${title}`,
    finished: {
      heading: "You've finished the course",
      body: (watched: number, total: number) =>
        watched === total
          ? `You've watched all ${plural(total, 'lesson')}. Well done!`
          : `You've watched ${watched} of ${plural(total, 'lesson')}; the list shows the ones still to watch.`,
    },
  },
} as const;
