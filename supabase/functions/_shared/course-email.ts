/** The course-access e-mail: one template, rendered as an HTML part and a plain-text part. */

export const BRAND = 'Three Lenses';
/** Bump when the "why you got this" wording changes; stored with each sign-up as its consent version. */
export const CONSENT_VERSION = 'course-access-2026-11';
const SUBJECT = `Your free ${BRAND} course is ready to watch`;

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

/**
 * Renders the e-mail for one visitor. `name` is whatever they typed (validated, never trusted): only its
 * first word greets them (`greetingName`), escaped in the HTML, and it appears in no header. Single-column table layout with inline styles, max 560 px wide, so it
 * reads well in narrow clients and in the ones that ignore <style>.
 */
export function renderCourseEmail(input: { name: string; courseUrl: string; siteUrl: string }): CourseEmail {
  const greeting = greetingName(input.name);
  const name = escapeHtml(greeting);
  const courseUrl = escapeHtml(input.courseUrl);
  const siteUrl = escapeHtml(input.siteUrl);
  const why = `You are receiving this e-mail because you signed up for the free ${BRAND} course at ${input.siteUrl}. If that wasn't you, ignore this message: we will not write again unless you sign up.`;
  const text = [
    `Hi ${greeting},`,
    '',
    `Thanks for signing up. Your free ${BRAND} course is ready: a short video course on the 3-lens framework that top companies use to plan ahead, made for your career.`,
    '',
    `Watch the course: ${input.courseUrl}`,
    '',
    'Start with the first lens this week: the course shows you how.',
    '',
    `— The ${BRAND} team`,
    '',
    '--',
    why,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(SUBJECT)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<tr><td style="padding:28px 24px 8px;font-size:14px;font-weight:bold;letter-spacing:0.08em;text-transform:uppercase;color:#4f46e5;">${BRAND}</td></tr>
<tr><td style="padding:8px 24px 0;font-size:22px;line-height:1.3;font-weight:bold;">Hi ${name},</td></tr>
<tr><td style="padding:12px 24px 0;font-size:16px;line-height:1.6;">Thanks for signing up. Your free ${BRAND} course is ready: a short video course on the 3-lens framework that top companies use to plan ahead, made for your career.</td></tr>
<tr><td align="center" style="padding:28px 24px;">
<a href="${courseUrl}" style="display:inline-block;padding:14px 28px;background:#4f46e5;color:#ffffff;font-size:17px;font-weight:bold;text-decoration:none;border-radius:8px;">Watch the course</a>
</td></tr>
<tr><td style="padding:0 24px;font-size:14px;line-height:1.6;color:#52525b;">If the button does not work, copy this address into your browser:<br><a href="${courseUrl}" style="color:#4f46e5;word-break:break-all;">${courseUrl}</a></td></tr>
<tr><td style="padding:20px 24px 28px;font-size:16px;line-height:1.6;">Start with the first lens this week: the course shows you how.<br><br>— The ${BRAND} team</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:Arial,Helvetica,sans-serif;">
<tr><td style="padding:16px 24px;font-size:12px;line-height:1.5;color:#71717a;">You are receiving this e-mail because you signed up for the free ${BRAND} course at <a href="${siteUrl}" style="color:#71717a;">${siteUrl}</a>. If that wasn't you, ignore this message: we will not write again unless you sign up.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: SUBJECT, html, text };
}
