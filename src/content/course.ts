/** Where the course is served (scripts/build.mjs prerenders it; the e-mail's sign-in links open it). */
export const COURSE_PATH = '/course';
