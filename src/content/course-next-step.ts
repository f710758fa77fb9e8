import { PLAN_PATH } from './course';

/**
 * The owner's next step, offered on /course's completion view once a learner has watched every lesson: a
 * heading, a few words and one button. A content setting: change the words and the address here (an address on
 * this site, or a full https:// one). It leads somewhere new, never back to the sign-up page: by default, the
 * learner's own plan.
 */
export const courseNextStep = {
  heading: 'Your next step',
  text: 'Write down the one step you chose in your three-lenses plan and take it this week. Then look through the three lenses again in a month: trends move, and so do you.',
  buttonLabel: 'Write my three-lenses plan',
  url: PLAN_PATH,
};
