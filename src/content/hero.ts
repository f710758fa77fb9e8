export const heroCopy = {
  eyebrow: 'Free video course · 3-lens method',
  headlineProfane: 'What the f*ck should I do for a living?',
  headlineClean: 'What should I do for a living?',
  cleanSwitchLabel: 'Clean version',
  body: 'Lost in your career, or unsure what AI means for your job? Learn the simple, scientific method that top companies use to plan ahead, and use it on your own future.',
  audience: 'For students, mid-career and senior professionals.',
  /** The proof line of the first screen, after the course's length (the owner may change it). */
  proof: 'of short video lessons · free · the method strategy teams at Shell and Unilever use',
  /** The whole course's length, from its lessons' lengths in whole minutes. */
  courseLength: (minutes: number) => (minutes <= 1 ? 'About a minute' : `About ${minutes} minutes`),
  primaryCta: 'Sign up free and watch instantly',
  scrollLink: 'Scroll to sign up',
  illustrationAlt: '',
} as const;
