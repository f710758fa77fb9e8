/** /course's chunk, which leads on to the owner's studio: she signs in on the same forms as a learner. */
export { Course } from './course';

/**
 * The owner's studio, a chunk of its own reached through this one: as a sibling route, the bundler would split
 * what it shares with /course (the sign-in forms) out of this chunk, and /course would fetch more.
 */
export const loadStudio = () => import('./studio');
