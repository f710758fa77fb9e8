/**
 * The course's pages (and /unsubscribe, which its reminders link to), fetched together as one lazily loaded
 * chunk: as routes of their own, the bundler would split what they share into more small chunks to fetch.
 */
export { Course } from './course';
export { Plan } from './plan';
export { Unsubscribe } from './unsubscribe';

/**
 * The owner's studio, a chunk of its own reached through this one: as a sibling route, the bundler would split
 * what it shares with the course's pages (the sign-in forms) out of this chunk, and /course would fetch more.
 */
export const loadStudio = () => import('./studio');
