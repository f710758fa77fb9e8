/** Where the course is served (scripts/build.mjs prerenders it; the e-mail's sign-in links open it). */
export const COURSE_PATH = '/course';

/** The way back in, in the header of every page: "Sign in", or for a learner signed in here, the course. */
export const courseLinks = {
  signIn: 'Sign in',
  continueCourse: 'Continue the course',
} as const;

/** Where the learner's three-lenses plan is served (scripts/build.mjs prerenders it; the course links to it). */
export const PLAN_PATH = '/course/plan';

/** Where a reminder's footer link leads (scripts/build.mjs prerenders it): one button stops the reminders. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The /unsubscribe page's `list` for an announcement's link (none: the reminders'). */
export const ANNOUNCEMENTS_LIST = 'announcements';

/** Where the owner's studio is served (scripts/build.mjs prerenders its frame; the sections load there only). */
export const STUDIO_PATH = '/studio';

/**
 * Where the privacy page is served (scripts/build.mjs prerenders it; the footer and the sign-up link to it). Its
 * words (content/privacy.ts) load with that page only.
 */
export const PRIVACY_PATH = '/privacy';
