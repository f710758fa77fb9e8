/** Brand settings shared by several sections. The brand name also appears in index.html's metadata. */
export const siteSettings = {
  brandName: 'Three Lenses',
} as const;

/**
 * The course e-mail as the visitor will find it in the inbox, shown after sign-up. Keep it in step with the
 * e-mail's subject (supabase/functions/_shared/course-email.ts) and MAIL_FROM's display name (docs/email.md).
 */
export const courseEmailSettings = {
  senderName: 'Three Lenses',
  subject: 'Your free Three Lenses course is ready to watch',
} as const;
