/**
 * Every e-mail the course sends, in one place: the sign-up's course e-mail, a requested new sign-in link (an
 * owner's opens the studio), and the reminder a learner who pauses asked for. The shared e-mail core (supabase/functions/_shared/course-email.ts)
 * lays them out, on the embedded server and in the hosted Edge Function alike. Plain text only: each line is
 * escaped for the HTML part. `{site}` is the site's address; in the reminder, `{lesson}` is the next lesson's
 * title, `{position}` where the learner stopped in it (e.g. "2:14"), and `{left}` how many lessons are left.
 */

/** The brand in the e-mails, and the sender the success panel names: keep MAIL_FROM's display name the same. */
export const emailBrand = 'Three Lenses';

/** Bump when the course e-mail's "why you got this" wording changes; stored with each sign-up. */
export const courseAccessConsentVersion = 'course-access-2026-12';

/** Beside every link: the code that signs in on another device. `{page}` is the course page's address. */
export const signInCodeCopy = {
  intro: 'Or sign in on any device with this code:',
  howTo: 'Enter it on the course page, {page}, with your e-mail address. It works for 24 hours, once.',
  /** Instead of a code, when the one from an earlier e-mail still works (a new one would only add guesses). */
  earlierCode:
    'On another device? The code in your earlier e-mail still works there. Or open {page} on it and ask for a new link.',
  /** Instead of a code, while the address's codes are paused after too many wrong ones (only a link works). */
  codesPaused:
    'Sign-in codes for this address are paused: someone typed too many wrong ones. Open the button above on the device you want to use; that turns codes back on.',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  signature: `— The ${emailBrand} team`,
} as const;

export const courseAccessEmail = {
  subject: `Your free ${emailBrand} course is ready to watch`,
  intro: `Thanks for signing up. Your free ${emailBrand} course is ready: a short video course on the 3-lens framework that top companies use to plan ahead, made for your career.`,
  buttonLabel: 'Watch the course',
  closing: 'Start with the first lens this week: the course shows you how.',
  why: `You are receiving this e-mail because you signed up for the free ${emailBrand} course at {site}. If that wasn't you, ignore this message: we will not write again unless you sign up, or ask for reminders or announcements on the course page.`,
} as const;

export const signInLinkEmail = {
  subject: `Your sign-in link for ${emailBrand}`,
  intro: `Here is your new link to the free ${emailBrand} course. It signs you in on the device where you open it, works once, and expires in 24 hours.`,
  buttonLabel: 'Watch the course',
  closing:
    'If you did not ask for a new link, ignore this e-mail: nothing happens unless the link is opened.',
  why: `You are receiving this e-mail because someone asked for a sign-in link to the free ${emailBrand} course at {site} for this address, which signed up for it.`,
} as const;

/** The sign-in e-mail an owner's address gets when it asks for one (at /studio or anywhere): it opens the studio. */
export const ownerSignInEmail = {
  subject: 'Sign in to your studio',
  intro: `Here is your link to the studio of ${emailBrand}, where you run the course. It signs you in on the device where you open it, works once, and expires in 24 hours.`,
  buttonLabel: 'Open your studio',
  /** In place of signInCodeCopy.howTo: `{page}` is the studio's address. */
  codeHowTo: 'Enter it on the studio page, {page}, with your e-mail address. It works for 24 hours, once.',
  closing: 'If you did not ask to sign in, ignore this e-mail: nothing happens unless the link is opened.',
  why: `You are receiving this e-mail because someone asked to sign in to the studio of {site} with this address, one of the course's owners.`,
} as const;

/** The reminder after a week without progress (at most 3, a week apart), for learners who asked for it. */
export const reminderEmail = {
  subject: 'Your next lesson is waiting: {lesson}',
  /** Where the learner stopped: in the lesson, or before it. */
  introStopped: 'You stopped at {position} in "{lesson}". Pick it up where you left off.',
  introNotStarted: 'Your next lesson is "{lesson}".',
  /** After the intro: how much is left, one lesson or several. */
  leftOne: 'It is the last lesson you have left.',
  leftMany: 'You have {left} lessons left.',
  buttonLabel: 'Continue the course',
  closing: 'A little each week adds up to a plan for your career.',
  why: `You are receiving this e-mail because you asked the free ${emailBrand} course at {site} to e-mail you if you paused for a week. We send at most 3 reminders, a week apart.`,
  unsubscribe: 'Unsubscribe from reminders',
} as const;

/** Recorded as the withdrawal when a reminder's unsubscribe link is used (the learner's consent history). */
export const reminderUnsubscribe = {
  wording: 'Unsubscribed from reminders with the link in a reminder e-mail.',
  version: 'unsubscribe-link-2026-11',
} as const;

/**
 * The owner's announcement to learners who asked "E-mail me when new lessons are added": her subject and text,
 * then a button into the course. Only these words around hers are fixed.
 */
export const announcementEmail = {
  buttonLabel: 'Open the course',
  why: `You are receiving this e-mail because you asked the free ${emailBrand} course at {site} to e-mail you when new lessons are added.`,
  unsubscribe: 'Unsubscribe from announcements',
} as const;

/** Recorded as the withdrawal when an announcement's unsubscribe link is used (the learner's consent history). */
export const announcementUnsubscribe = {
  wording: 'Unsubscribed from announcements with the link in an announcement e-mail.',
  version: 'unsubscribe-link-2026-12',
} as const;

/** What the studio's preview of an e-mail, and the test she sends herself, fill it with: no link of theirs works. */
export const emailSamples = {
  tokenHash: 'sample',
  code: '123456',
  lessonTitle: 'Lens one: trends',
  positionSeconds: 134,
  lessonsLeft: 4,
} as const;

/**
 * The words of these e-mails the owner may change in the studio (site-words fields, published with the page's),
 * as shipped. Each e-mail's link, code, "why you got this" line and unsubscribe link are not among them.
 */
export const emailWordDefaults = {
  'email.course.subject': courseAccessEmail.subject,
  'email.course.intro': courseAccessEmail.intro,
  'email.course.buttonLabel': courseAccessEmail.buttonLabel,
  'email.course.closing': courseAccessEmail.closing,
  'email.signIn.subject': signInLinkEmail.subject,
  'email.signIn.intro': signInLinkEmail.intro,
  'email.signIn.buttonLabel': signInLinkEmail.buttonLabel,
  'email.signIn.closing': signInLinkEmail.closing,
  'email.reminder.subject': reminderEmail.subject,
  'email.reminder.introStopped': reminderEmail.introStopped,
  'email.reminder.introNotStarted': reminderEmail.introNotStarted,
  'email.reminder.leftOne': reminderEmail.leftOne,
  'email.reminder.leftMany': reminderEmail.leftMany,
  'email.reminder.buttonLabel': reminderEmail.buttonLabel,
  'email.reminder.closing': reminderEmail.closing,
} as const;

export type EmailWordKey = keyof typeof emailWordDefaults;
/** The e-mails whose words the owner changes: the sign-up's, a requested new link, the reminder. */
export type WordedEmail = 'course' | 'signIn' | 'reminder';
/** Every e-mail word: the owner's where she changed them, the shipped ones elsewhere. */
export type EmailWords = Readonly<Record<EmailWordKey, string>>;

/** `changes` (published or drafted, e-mail fields or not) over the shipped words, only the e-mails' fields. */
export const emailWordsWith = (changes: Readonly<Record<string, string>>): EmailWords =>
  Object.fromEntries(
    (Object.keys(emailWordDefaults) as EmailWordKey[]).map((key) => [
      key,
      changes[key] ?? emailWordDefaults[key],
    ]),
  ) as EmailWords;
