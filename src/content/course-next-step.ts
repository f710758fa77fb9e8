import { PLAN_PATH } from './course';

/**
 * The owner's next step, offered on /course's completion view once a learner has watched every lesson: a
 * heading, a few words and one button. Her words (the studio's Site section), these as shipped; the address is
 * a page of this site, or a full https:// or mailto: one. By default it leads somewhere new, never back to the
 * sign-up page: the learner's own plan.
 */
export const courseNextStep = {
  'nextStep.heading': 'Your next step',
  'nextStep.text':
    'Write down the one step you chose in your three-lenses plan and take it this week. Then look through the three lenses again in a month: trends move, and so do you.',
  'nextStep.buttonLabel': 'Write my three-lenses plan',
  'nextStep.url': PLAN_PATH,
};
