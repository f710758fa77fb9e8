/**
 * The course's pages (and /unsubscribe, which its reminders link to), fetched together as one lazily loaded chunk. A second lazy route of its own made the bundler
 * split the modules the routes share with the landing page (React's JSX runtime among them) out of the landing
 * page's first load into extra chunks, which that first load then fetched too; as one chunk they add nothing to it.
 */
export { Course } from './course';
export { Plan } from './plan';
export { Unsubscribe } from './unsubscribe';

/** The owner's studio, reached through this chunk so that the landing page's first load stays as it is. */
export const loadStudio = () => import('./studio');
