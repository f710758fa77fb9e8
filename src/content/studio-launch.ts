/**
 * Every word of the studio's launch checklist, at the top of its Overview: what of the shipped sample site and of a
 * developer's settings still shows, each item with what to do and where. The database says which are done.
 */

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Said of the e-mail sender and SITE_URL before the server that sends the e-mail has told the database. */
const notKnownYet = 'Not known yet: this shows once the server that sends your e-mail has started.';

export const studioLaunchCopy = {
  heading: 'Launch checklist',
  intro:
    'What still shows the sample site we shipped, or a test setting. Each item ticks itself once it is fixed: come back here to see it.',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  done: 'Done',
  toDo: 'To do',
  dismiss: 'Hide the checklist',
  /** One line in place of the list once she hid it. */
  hidden: (done: number, total: number) => `The launch checklist is hidden: ${done} of ${total} done.`,
  show: 'Show the checklist',
  allDone: (total: number) => `Launch checklist: all ${total} done. The site is yours.`,
  loading: 'Checking what is left before launch…',
  loadFailed: 'We couldn’t read the launch checklist. Please check your connection and try again.',
  changeFailed: 'That didn’t work. Please check your connection and try again.',
  tryAgain: 'Try again',
  /** Before the documents that explain a server setting, in the site's code (several: joined by "or"). */
  docsLabel: 'How, for whoever runs your server:',
  docsJoin: 'or',
  items: {
    founder: {
      label: 'You, as the founder',
      todo: 'The page still introduces Jordan Ellis, an invented founder, with an illustrated portrait. Put in your name and your photo, then publish.',
      where: { section: 'site', label: 'Change the founder in Site' },
    },
    guides: {
      label: 'Real guides in the carousel',
      todo: (left: number) =>
        `${plural(left, 'invented guide still shows', 'invented guides still show')} in the carousel. Make them real people (with their photos), or hide or delete them.`,
      where: { section: 'guides', label: 'Open Guides' },
    },
    lessons: {
      label: 'Your own lessons',
      todo: (left: number) =>
        `${plural(left, 'placeholder lesson is', 'placeholder lessons are')} still published. Replace their videos with yours, or unpublish or delete them.`,
      where: { section: 'lessons', label: 'Open Lessons' },
    },
    hero: {
      label: 'Your own promise on the first screen',
      todo: 'The promise and the proof line still say the method is what “top companies” and “strategy teams at Shell and Unilever” use. Rewrite both in your words, then publish.',
      where: { section: 'site', label: 'Change the promise in Site' },
    },
    teaser: {
      label: 'Your own teaser',
      todo: 'The short video on the page is still the placeholder, and the line under it still says “strategy teams at Shell and Unilever” use the method. Put in your own video and words, then publish.',
      where: { section: 'site', label: 'Change the teaser in Site' },
    },
    email: {
      label: 'E-mail that reaches people',
      todo: (transport: string | null) =>
        transport === 'file'
          ? 'E-mails are written to files on the server instead of being sent: learners get no course e-mail. Whoever runs your server connects an e-mail service (Resend, or any SMTP server) and your sending address.'
          : notKnownYet,
      where: { docs: ['docs/email.md'] },
    },
    siteUrl: {
      label: 'Links that lead to your site',
      todo: (address: string | null) =>
        address === null
          ? notKnownYet
          : `Links in e-mails and shared pages lead to ${address}, which only works on the server’s own computer. Whoever runs your server sets SITE_URL to your site’s address.`,
      where: { docs: ['docs/self-hosting.md', 'docs/deploy-supabase.md'] },
    },
    privacy: {
      label: 'A contact on the privacy page',
      todo: 'The privacy page names no one to contact about personal data. Add your contact, then publish.',
      where: { section: 'site', label: 'Add a contact in Site' },
    },
  },
} as const;
