/**
 * The course e-mails (the sign-up's, a new sign-in link, an owner's sign-in, a reminder), each with its link and
 * the code beside it, rendered as an HTML part and a plain-text part. Their words live in src/content/emails.ts;
 * a learner's e-mail is rendered in `words`, the owner's where she changed them (published, or her draft in a
 * test). Pure and runtime-neutral: the studio's preview renders with it too.
 */
import {
  announcementEmail,
  courseAccessEmail,
  emailBrand,
  emailSamples,
  type EmailWords,
  type WordedEmail,
  ownerSignInEmail,
  reminderEmail,
  signInCodeCopy,
  signInLinkEmail,
} from '../../../src/content/emails.ts';
import { ANNOUNCEMENTS_LIST, STUDIO_PATH } from '../../../src/content/course.ts';

export interface CourseEmail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Letters and combining marks, joined by apostrophes or hyphens: Ada, O'Neil, Jean-Luc, 山田, José. */
const GREETABLE = /^[\p{L}\p{M}]+(['’-][\p{L}\p{M}]+)*$/u;
const MAX_GREETING_LENGTH = 40;

/**
 * The word the e-mail greets with: the name's first word when it is plain letters, else "there". Anyone can
 * sign up any address, so whatever the name holds reaches a stranger's inbox from the course's own sender: a
 * word without dots, slashes, colons, @ or digits is something no mail client turns into a link, and the rest
 * of the name never appears in the e-mail.
 */
function greetingName(name: string): string {
  const first = name.trim().split(/\s+/u)[0] ?? '';
  return GREETABLE.test(first) && [...first].length <= MAX_GREETING_LENGTH ? first : 'there';
}

interface EmailContent {
  subject: string;
  /** The first word of the visitor's name, or "there"; plain text. */
  greeting: string;
  /**
   * Plain text before the button (no markup: it is escaped for the HTML part), where a blank line starts a new
   * paragraph and a line break stays one.
   */
  intro: string;
  buttonLabel: string;
  url: string;
  /** The 6-digit code that signs in as the link does, typed in on any device; undefined: an earlier one still works. */
  code: string | undefined;
  /** The address's codes are paused: the e-mail says so instead of carrying a code. */
  codesPaused?: boolean | undefined;
  /** Where the code is typed in (default: the course page), and how to, with `{page}` for its address. */
  codePage?: { path: string; howTo: string };
  /** After the button and the code, above the signature; empty: the signature alone. */
  closing: string;
  /** The footer: why this e-mail reached this address. */
  why: string;
  /** Non-transactional e-mails only: the page that unsubscribes this address, linked in the footer. */
  unsubscribe?: { url: string; label: string };
}

/** Escaped plain text as HTML: paragraphs apart, a line break kept. */
function paragraphsHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n[ \t]*\r?\n\s*/)
    .map((paragraph) => escapeHtml(paragraph).replace(/\r?\n/g, '<br>'))
    .join('<br><br>');
}

/**
 * One layout for every e-mail: single-column table with inline styles, max 560 px wide, so it reads well in
 * narrow clients and in the ones that ignore <style>; the same words again as the plain-text part. The code
 * is printed without spaces, so that a copied code pastes as it is typed.
 */
function renderEmail(content: EmailContent, siteUrl: string): CourseEmail {
  const url = escapeHtml(content.url);
  const site = escapeHtml(siteUrl);
  const { path, howTo } = content.codePage ?? { path: '/course', howTo: signInCodeCopy.howTo };
  const coursePage = new URL(path, siteUrl).toString();
  const page = escapeHtml(coursePage);
  const text = [
    `Hi ${content.greeting},`,
    '',
    content.intro,
    '',
    `${content.buttonLabel}: ${content.url}`,
    '',
    ...(content.codesPaused
      ? [signInCodeCopy.codesPaused]
      : content.code === undefined
        ? [signInCodeCopy.earlierCode.replace('{page}', coursePage)]
        : [`${signInCodeCopy.intro} ${content.code}`, howTo.replace('{page}', coursePage)]),
    '',
    ...(content.closing ? [content.closing, ''] : []),
    signInCodeCopy.signature,
    '',
    '--',
    content.why.replace('{site}', siteUrl),
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
    '',
  ].join('\n');
  const unsubscribe = content.unsubscribe
    ? `<br><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#71717a;">${escapeHtml(content.unsubscribe.label)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<tr><td style="padding:28px 24px 8px;font-size:14px;font-weight:bold;letter-spacing:0.08em;text-transform:uppercase;color:#4f46e5;">${emailBrand}</td></tr>
<tr><td style="padding:8px 24px 0;font-size:22px;line-height:1.3;font-weight:bold;">Hi ${escapeHtml(content.greeting)},</td></tr>
<tr><td style="padding:12px 24px 0;font-size:16px;line-height:1.6;">${paragraphsHtml(content.intro)}</td></tr>
<tr><td align="center" style="padding:28px 24px;">
<a href="${url}" style="display:inline-block;padding:14px 28px;background:#4f46e5;color:#ffffff;font-size:17px;font-weight:bold;text-decoration:none;border-radius:8px;">${escapeHtml(content.buttonLabel)}</a>
</td></tr>
${codeBlock(content, page, howTo)}
<tr><td style="padding:0 24px;font-size:14px;line-height:1.6;color:#52525b;">${escapeHtml(signInCodeCopy.linkFallback)}<br><a href="${url}" style="color:#4f46e5;word-break:break-all;">${url}</a></td></tr>
<tr><td style="padding:20px 24px 28px;font-size:16px;line-height:1.6;">${content.closing ? `${escapeHtml(content.closing)}<br><br>` : ''}${escapeHtml(signInCodeCopy.signature)}</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:Arial,Helvetica,sans-serif;">
<tr><td style="padding:16px 24px;font-size:12px;line-height:1.5;color:#71717a;">${escapeHtml(content.why).replace('{site}', `<a href="${site}" style="color:#71717a;">${site}</a>`)}${unsubscribe}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: content.subject, html, text };
}

/** The code, large and copyable, with how to use it; or, when an earlier e-mail's code still works, that. */
function codeBlock(
  { code, codesPaused }: Pick<EmailContent, 'code' | 'codesPaused'>,
  page: string,
  howTo: string,
): string {
  const pageLink = `<a href="${page}" style="color:#4f46e5;">${page}</a>`;
  if (codesPaused) {
    return `<tr><td style="padding:0 24px 28px;font-size:16px;line-height:1.6;">${escapeHtml(signInCodeCopy.codesPaused)}</td></tr>`;
  }
  if (code === undefined) {
    return `<tr><td style="padding:0 24px 28px;font-size:16px;line-height:1.6;">${escapeHtml(signInCodeCopy.earlierCode).replace('{page}', pageLink)}</td></tr>`;
  }
  return `<tr><td align="center" style="padding:0 24px 28px;font-size:16px;line-height:1.6;">${escapeHtml(signInCodeCopy.intro)}<br>
<span style="display:inline-block;margin:10px 0;padding:12px 20px;border:1px solid #d4d4d8;border-radius:8px;background:#f4f4f5;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:0.3em;color:#18181b;">${escapeHtml(code)}</span><br>
<span style="font-size:14px;color:#52525b;">${escapeHtml(howTo).replace('{page}', pageLink)}</span>
</td></tr>`;
}

export interface EmailInput {
  /** Whatever the visitor typed as their name (validated, never trusted): only its first word greets them. */
  name: string;
  /** The one-time sign-in link to the course (SITE_URL/course?token_hash=…&type=magiclink). */
  signInUrl: string;
  /** The 6-digit code made with the link, which signs in on any device; undefined: an earlier e-mail's still works. */
  code: string | undefined;
  /** The address's codes are paused after too many wrong ones: the e-mail says so instead of a code. */
  codesPaused?: boolean | undefined;
  siteUrl: string;
}

/**
 * The e-mail a sign-up is owed. The name appears in no header, and only through `greetingName`, escaped in
 * the HTML.
 */
export function renderCourseEmail(input: EmailInput, words: EmailWords): CourseEmail {
  return renderEmail(
    {
      subject: words['email.course.subject'],
      intro: words['email.course.intro'],
      buttonLabel: words['email.course.buttonLabel'],
      closing: words['email.course.closing'],
      why: courseAccessEmail.why,
      greeting: greetingName(input.name),
      url: input.signInUrl,
      code: input.code,
      codesPaused: input.codesPaused,
    },
    input.siteUrl,
  );
}

/** The e-mail "Send me a new link" sends to an address that signed up: a fresh sign-in link, nothing else. */
export function renderSignInLinkEmail(input: EmailInput, words: EmailWords): CourseEmail {
  return renderEmail(
    {
      subject: words['email.signIn.subject'],
      intro: words['email.signIn.intro'],
      buttonLabel: words['email.signIn.buttonLabel'],
      closing: words['email.signIn.closing'],
      why: signInLinkEmail.why,
      greeting: greetingName(input.name),
      url: input.signInUrl,
      code: input.code,
      codesPaused: input.codesPaused,
    },
    input.siteUrl,
  );
}

/**
 * The sign-in e-mail an owner's address gets: its link opens the studio (`signInUrl` is already the studio's) and
 * its code is typed there. No name: an owner added by address has none of their own.
 */
export function renderOwnerSignInEmail(input: Omit<EmailInput, 'name'>): CourseEmail {
  const { codeHowTo, ...words } = ownerSignInEmail;
  return renderEmail(
    {
      ...words,
      greeting: 'there',
      url: input.signInUrl,
      code: input.code,
      codesPaused: input.codesPaused,
      codePage: { path: STUDIO_PATH, howTo: codeHowTo },
    },
    input.siteUrl,
  );
}

export interface ReminderInput extends EmailInput {
  /** The first lesson the learner has not finished. */
  lessonTitle: string;
  /** Where the learner stopped in it, in seconds; 0 when they have not started it. */
  positionSeconds: number;
  /** Lessons left to finish, this one included. */
  lessonsLeft: number;
  /** The site's page that unsubscribes this address from reminders (the footer's link). */
  unsubscribeUrl: string;
}

/** "2:14" for 134 seconds; "1:02:05" past an hour. */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}

/**
 * The reminder a learner asked for when they pause for a week: the next lesson by name, where they stopped,
 * what is left, a sign-in link that opens that lesson and its code, and an unsubscribe link in the footer.
 */
export function renderReminderEmail(input: ReminderInput, words: EmailWords): CourseEmail {
  const values: Record<string, string> = {
    lesson: input.lessonTitle,
    position: clockTime(input.positionSeconds),
    left: String(input.lessonsLeft),
  };
  // One pass, so a lesson title that happens to hold "{left}" stays as the owner wrote it.
  const fill = (text: string) =>
    text.replace(/\{(lesson|position|left)\}/g, (_, name: string) => values[name] ?? '');
  const stopped =
    input.positionSeconds >= 1
      ? words['email.reminder.introStopped']
      : words['email.reminder.introNotStarted'];
  const left = input.lessonsLeft > 1 ? words['email.reminder.leftMany'] : words['email.reminder.leftOne'];
  return renderEmail(
    {
      subject: fill(words['email.reminder.subject']),
      greeting: greetingName(input.name),
      intro: `${fill(stopped)} ${fill(left)}`,
      buttonLabel: words['email.reminder.buttonLabel'],
      url: input.signInUrl,
      code: input.code,
      codesPaused: input.codesPaused,
      closing: words['email.reminder.closing'],
      why: reminderEmail.why,
      unsubscribe: { url: input.unsubscribeUrl, label: reminderEmail.unsubscribe },
    },
    input.siteUrl,
  );
}

export interface AnnouncementInput extends EmailInput {
  /** The owner's subject and text, plain: every character is shown as she typed it, nothing as markup. */
  subject: string;
  body: string;
  /** The site's page that unsubscribes this address from announcements (the footer's link). */
  unsubscribeUrl: string;
}

/**
 * The owner's announcement: her subject, her text in paragraphs, a sign-in link into the course with its code, and
 * an unsubscribe link from announcements in the footer.
 */
export function renderAnnouncementEmail(input: AnnouncementInput): CourseEmail {
  return renderEmail(
    {
      subject: input.subject.replace(/\s+/g, ' ').trim(),
      greeting: greetingName(input.name),
      intro: input.body,
      buttonLabel: announcementEmail.buttonLabel,
      url: input.signInUrl,
      code: input.code,
      codesPaused: input.codesPaused,
      closing: '',
      why: announcementEmail.why,
      unsubscribe: { url: input.unsubscribeUrl, label: announcementEmail.unsubscribe },
    },
    input.siteUrl,
  );
}

/** A reminder's moment: the learner stopped in the lesson or has not started it; one lesson left or several. */
export interface ReminderMoment {
  started: boolean;
  oneLeft: boolean;
}

/** Sample values for a preview or a test: a link and a code that sign nobody in. */
function sampleInput(siteUrl: string) {
  return {
    name: '',
    signInUrl: new URL(`/course?token_hash=${emailSamples.tokenHash}&type=magiclink`, siteUrl).toString(),
    code: emailSamples.code,
    siteUrl,
  };
}

const sampleUnsubscribeUrl = (siteUrl: string, list?: string) =>
  new URL(`/unsubscribe?token=${emailSamples.tokenHash}${list ? `&list=${list}` : ''}`, siteUrl).toString();

/**
 * The e-mail `kind` in `words` with sample values, a link and a code that sign nobody in: the studio's preview of
 * what she writes, and the test she sends herself. A reminder is shown at `moment` (default: stopped, several left).
 */
export function renderSampleEmail(
  kind: WordedEmail,
  words: EmailWords,
  siteUrl: string,
  moment: ReminderMoment = { started: true, oneLeft: false },
): CourseEmail {
  const input = sampleInput(siteUrl);
  if (kind === 'course') return renderCourseEmail(input, words);
  if (kind === 'signIn') return renderSignInLinkEmail(input, words);
  return renderReminderEmail(
    {
      ...input,
      lessonTitle: emailSamples.lessonTitle,
      positionSeconds: moment.started ? emailSamples.positionSeconds : 0,
      lessonsLeft: moment.oneLeft ? 1 : emailSamples.lessonsLeft,
      unsubscribeUrl: sampleUnsubscribeUrl(siteUrl),
    },
    words,
  );
}

/** Her announcement as a learner gets it, with sample values: the studio's preview, and her test. */
export function renderSampleAnnouncement(
  announcement: { subject: string; body: string },
  siteUrl: string,
): CourseEmail {
  return renderAnnouncementEmail({
    ...sampleInput(siteUrl),
    ...announcement,
    unsubscribeUrl: sampleUnsubscribeUrl(siteUrl, ANNOUNCEMENTS_LIST),
  });
}
