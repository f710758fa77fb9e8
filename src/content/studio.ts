/** Every word of the studio's frame at /studio: signing in, the owner check and the sections' navigation. */
export const studioCopy = {
  documentTitle: 'Studio | Three Lenses',
  description: "The course owner's studio: visits and sign-ups, learners, guides, lessons and e-mails.",
  title: 'Studio',
  checking: 'Checking your sign-in…',
  signInHeading: 'Sign in to the studio',
  signInBody:
    "Use the address you run the course with. We e-mail you a 6-digit code: type it here (the e-mail's button opens the course; come back here afterwards).",
  signedInAs: (email: string) => `Signed in as ${email}`,
  notOwnerHeading: "This is for the course's owner",
  notOwnerBody: (email: string) =>
    `You're signed in as ${email}, which is not an owner's address. If you run this course, ask whoever set it up to add your address as an owner.`,
  toCourse: 'Go to the course',
  unreachable: "We couldn't reach the studio. Please check your connection and try again.",
  tryAgain: 'Try again',
  sectionsLabel: 'Studio sections',
} as const;
