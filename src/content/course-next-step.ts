/**
 * The owner's next step, offered on /course's completion view once a learner has watched every lesson: a
 * heading, a few words and one button. A content setting: change the words and the address here (an address on
 * this site like "/", or a full https:// one).
 */
export const courseNextStep = {
  heading: 'Your next step',
  text: 'Take the one step you chose this week, then look through the three lenses again in a month: trends move, and so do you. The Three Lenses site has more for schools, employers and you.',
  buttonLabel: 'Visit the Three Lenses site',
  url: '/',
};
