/**
 * Every word of the sign-up questionnaire. Strings marked "fixed" stay word for word: the option lists are what
 * stored answers and the lessons' tags (`speaks_to`) hold, and the steps, validation and error messages are the
 * product's own wording. The others are ours and free to edit.
 */

/**
 * The ids are fixed (stored answers and the skill lists use them); the labels are ours: the ids' ranges (25-35,
 * 45-55) would leave 36–44 without a group, so each label runs up to the next group's start
 * (docs/decisions/0030).
 */
export const ageGroups = [
  { id: 'under25', label: 'Under 25' },
  { id: '25-35', label: '25–44' },
  { id: '45-55', label: '45–54' },
  { id: '55plus', label: '55+' },
] as const;

export type AgeGroupId = (typeof ageGroups)[number]['id'];

/** fixed: option lists */
export const worryOptions = [
  'AI taking over jobs',
  'Climate change',
  'Cost of living',
  'Work/life balance',
  'Purpose & meaning',
  'Relocation',
  'Job security',
  'Staying relevant',
  'Automation',
  'Career change',
  'Burnout',
  'Starting my first job',
] as const;

/** fixed, option lists: school subjects for under-25s, a skill list for each other group. */
export const strengthOptions: Record<AgeGroupId, readonly string[]> = {
  under25: [
    'Science',
    'Math',
    'History',
    'Art & Design',
    'Music',
    'Sport',
    'Technology',
    'Literature',
    'Geography',
    'Drama/Theatre',
    'Social Studies',
    'Other',
  ],
  '25-35': [
    'Problem-solving',
    'Leadership',
    'Creativity',
    'Communication',
    'Tech skills',
    'Organising',
    'Strategy',
    'Empathy',
    'Sales',
    'Data analysis',
    'Design',
    'Networking',
  ],
  '45-55': [
    'Leadership',
    'Strategy',
    'Mentoring',
    'Coaching',
    'Communication',
    'Problem-solving',
    'Project management',
    'Networking',
    'Creativity',
    'Advisory',
    'Change management',
    'Empathy',
  ],
  '55plus': [
    'Advisory',
    'Mentoring',
    'Coaching',
    'Strategy',
    'Community building',
    'Communication',
    'Writing',
    'Consulting',
    'Volunteering',
    'Board work',
    'Networking',
    'Teaching',
  ],
};

export const signupCopy = {
  progressLabel: 'Sign-up progress',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  back: 'Back',
  next: 'Next',
  startOver: 'Start over',
  intro: {
    /** fixed: steps */
    title: "Let's make this course yours.",
    body: 'A few quick questions, and it takes just 30 seconds.',
  },
  worries: {
    title: 'What worries you most about your future?',
    /** fixed: validation rules */
    counter: (selected: number, max: number) =>
      `Selected ${selected}/${max}. No wrong answers here, promise.`,
    optional: 'Optional: pick up to 3, or go on with Next.',
  },
  dream: {
    title: 'What did you dream of becoming as a child?',
    hint: 'Optional: astronaut, vet, rock star… anything goes.',
  },
  aboutYou: {
    title: 'Tell us about you',
    ageLegend: 'Your age group',
    subjectsLegend: 'Which school subjects do you enjoy?',
    skillsLegend: 'What are your strengths?',
    chooseAgeFirst: 'Choose your age group to see the list.',
    /** fixed: validation rules */
    pickAtLeastOne: 'Please pick at least one.',
    /** fixed: validation rules, error messages */
    pickToContinue: 'Pick at least one strength to continue.',
    /** Said before the fixed message while no age group (and so no list) is chosen yet. */
    ageGroupFirst: 'Choose your age group first.',
  },
  contact: {
    title: 'Where should we send your course?',
    nameLabel: 'Your name',
    emailLabel: 'Your email',
    /** Under the e-mail field: what the address is used for. */
    trust: 'One e-mail with your link. No spam.',
    privacyLink: 'Privacy policy',
    /** Under the name field after a submit with no name (or only spaces). */
    nameMissing: 'Please enter your name.',
    /** Under the e-mail field: no address, one that is not an address, one whose domain has no dot (alex@bad). */
    emailMissing: 'Please enter your e-mail address.',
    emailMalformed: "That doesn't look like an e-mail address (like name@example.com).",
    emailIncomplete:
      'Please enter the whole address, with a dot in the part after the @ (like name@example.com).',
    /** Under the e-mail field when its domain looks like a typo of a well-known one; the address is a button. */
    didYouMean: { before: 'Did you mean ', after: '?' },
    /** Beside the suggestion: the address as typed is sent only when she says so. */
    sendAnyway: (domain: string) => `Send to ${domain} anyway`,
    /** A submit while the suggestion stands: nothing is sent until she picks one of the two. */
    typoHeld: 'Nothing sent yet: please check your address above.',
    /** fixed: steps */
    submit: 'Show Me My Free Course',
    sending: 'Sending...',
    /** fixed: validation rules, error messages */
    strengthsMissing: 'Please pick at least one strength.',
    /** fixed: error messages */
    sent: "You're in! Check your inbox for access.",
    sendFailed: "We couldn't send the email. Please try again.",
    /** Added after the fixed failure message when the server refused the address (400). */
    addressRejected: "That e-mail address doesn't look right.",
    /** Added after the fixed failure message when the server asked us to slow down (429). */
    rateLimited: 'Too many tries — please wait a minute.',
  },
  /** The panel under the success message: where the e-mail went and what to do meanwhile. */
  sentPanel: {
    sentTo: 'We sent your link to',
    from: 'From',
    subject: 'Subject',
    timing: 'It usually arrives within a minute.',
    spamHint: 'Nothing yet? Check your Promotions or Spam folder.',
    wrongAddress: 'Wrong address?',
    changeAddress: 'Change it',
    /** A free preview lesson, played in place while the e-mail is on its way. */
    startLesson: (position: number) => `Start lesson ${position} now`,
    previewEyebrow: (position: number) => `Free preview · Lesson ${position}`,
    meanwhile: 'While you wait:',
    watchTeaser: 'watch the 30-second teaser',
  },
} as const;
