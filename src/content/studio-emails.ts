/**
 * Every word of the studio's E-mails section: the owner's words for the e-mails learners get, drafted,
 * previewed, tested, published and restored with the page's (their defaults are in emails.ts, their rules in
 * email-word-rules.ts).
 */
import type { EmailWordKey, WordedEmail } from './emails';
import type { Placeholder } from './email-word-rules';

const lessonAndLeft = 'You can use {lesson}, the next lesson’s title, and {left}, how many lessons are left.';

const emails: Record<
  WordedEmail,
  { label: string; when: string; fields: Partial<Record<EmailWordKey, { label: string; hint?: string }>> }
> = {
  course: {
    label: 'Course e-mail',
    when: 'Sent when someone signs up: it brings them the course.',
    fields: {
      'email.course.subject': { label: 'Subject' },
      'email.course.intro': { label: 'Opening', hint: 'After “Hi” and their first name.' },
      'email.course.buttonLabel': { label: 'Button' },
      'email.course.closing': { label: 'Closing', hint: 'After the sign-in code, before the signature.' },
    },
  },
  signIn: {
    label: 'New sign-in link',
    when: 'Sent when a learner asks for a new link on the course page.',
    fields: {
      'email.signIn.subject': { label: 'Subject' },
      'email.signIn.intro': { label: 'Opening', hint: 'After “Hi” and their first name.' },
      'email.signIn.buttonLabel': { label: 'Button' },
      'email.signIn.closing': { label: 'Closing', hint: 'After the sign-in code, before the signature.' },
    },
  },
  reminder: {
    label: 'Reminder',
    when: 'Sent after a week without progress, to learners who asked for it (at most 3).',
    fields: {
      'email.reminder.subject': { label: 'Subject', hint: lessonAndLeft },
      'email.reminder.introStopped': {
        label: 'Opening, when they stopped in a lesson',
        hint: `${lessonAndLeft} {position} is where they stopped, e.g. 2:14.`,
      },
      'email.reminder.introNotStarted': {
        label: 'Opening, when they have not started the lesson',
        hint: lessonAndLeft,
      },
      'email.reminder.leftMany': { label: 'After the opening, when lessons are left', hint: lessonAndLeft },
      'email.reminder.leftOne': { label: 'After the opening, when one lesson is left', hint: lessonAndLeft },
      'email.reminder.buttonLabel': { label: 'Button' },
      'email.reminder.closing': { label: 'Closing', hint: 'After the sign-in code, before the signature.' },
    },
  },
};

/** Each field's label (and hint), by its key. */
const fields = Object.assign({}, ...Object.values(emails).map((email) => email.fields)) as Record<
  EmailWordKey,
  { label: string; hint?: string }
>;

const braces = (placeholders: readonly Placeholder[]) => placeholders.map((name) => `{${name}}`).join(', ');

export const studioEmailsCopy = {
  emails,
  fields,
  label: 'E-mails',
  intro:
    'The words of the e-mails learners get. Each keeps its link, its sign-in code and how to use it, and the line that says why it came (the reminder also its unsubscribe link) as they are, so it always works. What you type is plain text. Learners get your words once you publish, together with any unpublished changes to the page.',
  loading: 'Loading your words…',
  loadFailed: 'We couldn’t load your words. Please check your connection and try again.',
  tryAgain: 'Try again',
  choose: 'Which e-mail',
  formLabel: 'Your e-mail’s words',
  previewHeading: 'Preview',
  previewNote: 'With a sample name, link and code: the link and code sign nobody in.',
  reminderMoment: ({ started, oneLeft }: { started: boolean; oneLeft: boolean }) =>
    `As a learner gets it who ${started ? 'stopped in a lesson' : 'has not started the lesson'}, with ${oneLeft ? 'one lesson' : 'several lessons'} left.`,
  previewTitle: (email: string) => `Preview of the ${email.toLowerCase()}`,
  subjectLine: 'Subject:',
  sendTest: 'Send a test to me',
  sendingTest: 'Sending…',
  problems: {
    placeholder: (label: string, token: string, allowed: readonly Placeholder[]) =>
      allowed.length === 0
        ? `“${label}” may not use “${token}”: this e-mail fills in nothing in braces.`
        : `“${label}” may not use “${token}”: it can use ${braces(allowed)}.`,
    oneLine: (label: string) => `“${label}” is one line: take out the line break.`,
  },
  status: {
    published: 'Published. The next e-mails carry your words.',
    testSent: (address: string) =>
      `Test sent to ${address}, in the words of your draft. Its link and code are samples.`,
  },
} as const;
