/**
 * The course e-mails (the sign-up's, and a new sign-in link), each with its link and the code beside it, rendered
 * as an HTML part and a plain-text part.
 */

export const BRAND = 'Three Lenses';
/** Bump when the "why you got this" wording changes; stored with each sign-up as its consent version. */
export const CONSENT_VERSION = 'course-access-2026-11';
const SUBJECT = `Your free ${BRAND} course is ready to watch`;
const SIGN_IN_SUBJECT = `Your sign-in link for ${BRAND}`;

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
  /** Plain-text paragraphs before the button (no markup: each is escaped for the HTML part). */
  intro: string;
  buttonLabel: string;
  url: string;
  /** The 6-digit code that signs in as the link does, typed in on any device. */
  code: string;
  closing: string;
  /** The footer: why this e-mail reached this address. */
  why: string;
}

const CODE_INTRO = 'Or sign in on any device with this code:';
/** Where the code is typed in: `{page}` is the course page, named in full for a reader on another device. */
const CODE_HOW_TO =
  'Enter it on the course page, {page}, with your e-mail address. It works for 24 hours, once.';

/**
 * One layout for every e-mail: single-column table with inline styles, max 560 px wide, so it reads well in
 * narrow clients and in the ones that ignore <style>; the same words again as the plain-text part. The code
 * is printed without spaces, so that a copied code pastes as it is typed.
 */
function renderEmail(content: EmailContent, siteUrl: string): CourseEmail {
  const url = escapeHtml(content.url);
  const site = escapeHtml(siteUrl);
  const coursePage = new URL('/course', siteUrl).toString();
  const page = escapeHtml(coursePage);
  const text = [
    `Hi ${content.greeting},`,
    '',
    content.intro,
    '',
    `${content.buttonLabel}: ${content.url}`,
    '',
    `${CODE_INTRO} ${content.code}`,
    CODE_HOW_TO.replace('{page}', coursePage),
    '',
    content.closing,
    '',
    `— The ${BRAND} team`,
    '',
    '--',
    content.why.replace('{site}', siteUrl),
    '',
  ].join('\n');
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
<tr><td style="padding:28px 24px 8px;font-size:14px;font-weight:bold;letter-spacing:0.08em;text-transform:uppercase;color:#4f46e5;">${BRAND}</td></tr>
<tr><td style="padding:8px 24px 0;font-size:22px;line-height:1.3;font-weight:bold;">Hi ${escapeHtml(content.greeting)},</td></tr>
<tr><td style="padding:12px 24px 0;font-size:16px;line-height:1.6;">${escapeHtml(content.intro)}</td></tr>
<tr><td align="center" style="padding:28px 24px;">
<a href="${url}" style="display:inline-block;padding:14px 28px;background:#4f46e5;color:#ffffff;font-size:17px;font-weight:bold;text-decoration:none;border-radius:8px;">${escapeHtml(content.buttonLabel)}</a>
</td></tr>
<tr><td align="center" style="padding:0 24px 28px;font-size:16px;line-height:1.6;">${escapeHtml(CODE_INTRO)}<br>
<span style="display:inline-block;margin:10px 0;padding:12px 20px;border:1px solid #d4d4d8;border-radius:8px;background:#f4f4f5;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:0.3em;color:#18181b;">${escapeHtml(content.code)}</span><br>
<span style="font-size:14px;color:#52525b;">${escapeHtml(CODE_HOW_TO).replace('{page}', `<a href="${page}" style="color:#4f46e5;">${page}</a>`)}</span>
</td></tr>
<tr><td style="padding:0 24px;font-size:14px;line-height:1.6;color:#52525b;">If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4f46e5;word-break:break-all;">${url}</a></td></tr>
<tr><td style="padding:20px 24px 28px;font-size:16px;line-height:1.6;">${escapeHtml(content.closing)}<br><br>— The ${BRAND} team</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:Arial,Helvetica,sans-serif;">
<tr><td style="padding:16px 24px;font-size:12px;line-height:1.5;color:#71717a;">${escapeHtml(content.why).replace('{site}', `<a href="${site}" style="color:#71717a;">${site}</a>`)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: content.subject, html, text };
}

export interface EmailInput {
  /** Whatever the visitor typed as their name (validated, never trusted): only its first word greets them. */
  name: string;
  /** The one-time sign-in link to the course (SITE_URL/course?token_hash=…&type=magiclink). */
  signInUrl: string;
  /** The 6-digit code made with the link, which signs in on any device and is spent with it. */
  code: string;
  siteUrl: string;
}

/**
 * The e-mail a sign-up is owed. The name appears in no header, and only through `greetingName`, escaped in
 * the HTML.
 */
export function renderCourseEmail(input: EmailInput): CourseEmail {
  return renderEmail(
    {
      subject: SUBJECT,
      greeting: greetingName(input.name),
      intro: `Thanks for signing up. Your free ${BRAND} course is ready: a short video course on the 3-lens framework that top companies use to plan ahead, made for your career.`,
      buttonLabel: 'Watch the course',
      url: input.signInUrl,
      code: input.code,
      closing: 'Start with the first lens this week: the course shows you how.',
      why: `You are receiving this e-mail because you signed up for the free ${BRAND} course at {site}. If that wasn't you, ignore this message: we will not write again unless you sign up.`,
    },
    input.siteUrl,
  );
}

/** The e-mail "Send me a new link" sends to an address that signed up: a fresh sign-in link, nothing else. */
export function renderSignInLinkEmail(input: EmailInput): CourseEmail {
  return renderEmail(
    {
      subject: SIGN_IN_SUBJECT,
      greeting: greetingName(input.name),
      intro: `Here is your new link to the free ${BRAND} course. It signs you in on the device where you open it, works once, and expires in 24 hours.`,
      buttonLabel: 'Watch the course',
      url: input.signInUrl,
      code: input.code,
      closing:
        'If you did not ask for a new link, ignore this e-mail: nothing happens unless the link is opened.',
      why: `You are receiving this e-mail because someone asked for a sign-in link to the free ${BRAND} course at {site} for this address, which signed up for it.`,
    },
    input.siteUrl,
  );
}
