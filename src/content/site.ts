import { courseAccessEmail } from './emails';

/** Brand settings shared by several sections. The brand name also appears in index.html's metadata. */
export const siteSettings = {
  brandName: 'Three Lenses',
} as const;

/**
 * The course e-mail as the visitor will find it in the inbox, shown after sign-up. The subject is the e-mail's
 * own (src/content/emails.ts); keep the sender in step with MAIL_FROM's display name (docs/email.md).
 */
export const courseEmailSettings = {
  senderName: 'Three Lenses',
  subject: courseAccessEmail.subject,
} as const;
