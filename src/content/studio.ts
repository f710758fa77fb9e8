/** Every word of the studio's frame at /studio: signing in, the owner check and the sections' navigation. */
export const studioCopy = {
  documentTitle: 'Studio | Three Lenses',
  description: "The course owner's studio: visits and sign-ups, learners, guides, lessons and e-mails.",
  title: 'Studio',
  checking: 'Checking your sign-in…',
  signInHeading: 'Sign in to the studio',
  signInBody:
    'Use the address you run the course with. We e-mail you a link to your studio and a 6-digit code: open the link, or type the code here.',
  /** An owner's sign-in e-mail opens /studio with its link: one tap spends it (a mail scanner's visit does not). */
  linkReady: {
    heading: 'Welcome back. One tap and you are in',
    body: 'This signs you in to your studio on this device, until you sign out.',
    button: 'Continue to your studio',
  },
  /** Above the sign-in form when the e-mail's link could not be used. */
  linkRefused:
    'That link has expired or was already used: each works once, for 24 hours. Its 6-digit code may still work, or ask for a new one below.',
  linkUnreachable: "We couldn't check your sign-in link. Please check your connection and try again.",
  signedInAs: (email: string) => `Signed in as ${email}`,
  notOwnerHeading: "This is for the course's owner",
  notOwnerBody: (email: string) =>
    `You're signed in as ${email}, which is not an owner's address. If you run this course, ask whoever set it up to add your address as an owner.`,
  toCourse: 'Go to the course',
  unreachable: "We couldn't reach the studio. Please check your connection and try again.",
  tryAgain: 'Try again',
  sectionsLabel: 'Studio sections',
} as const;
