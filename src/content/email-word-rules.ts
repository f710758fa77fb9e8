/**
 * The rules of the e-mails' words the owner may change, as public.site_word_rules holds them (migration
 * 20261203000300_email_words.sql): how long each may be, whether it is one line, and the placeholders its e-mail
 * fills in. For the studio only; the words themselves, as shipped, are in emails.ts.
 */
import { type EmailWordKey, emailWordDefaults } from './emails';

export type Placeholder = 'lesson' | 'position' | 'left';

export interface EmailWordRule {
  maxLength: number;
  /** A subject or a button: no line break. */
  oneLine: boolean;
  /** The words in braces its e-mail fills in; any other brace is refused. */
  placeholders: readonly Placeholder[];
}

const line = (maxLength: number, placeholders: readonly Placeholder[] = []): EmailWordRule => ({
  maxLength,
  oneLine: true,
  placeholders,
});
const lines = (maxLength: number, placeholders: readonly Placeholder[] = []): EmailWordRule => ({
  maxLength,
  oneLine: false,
  placeholders,
});

export const emailWordRules: Readonly<Record<EmailWordKey, EmailWordRule>> = {
  'email.course.subject': line(120),
  'email.course.intro': lines(600),
  'email.course.buttonLabel': line(40),
  'email.course.closing': lines(300),
  'email.signIn.subject': line(120),
  'email.signIn.intro': lines(600),
  'email.signIn.buttonLabel': line(40),
  'email.signIn.closing': lines(300),
  'email.reminder.subject': line(120, ['lesson', 'left']),
  'email.reminder.introStopped': lines(300, ['lesson', 'position', 'left']),
  'email.reminder.introNotStarted': lines(300, ['lesson', 'left']),
  'email.reminder.leftOne': lines(200, ['lesson', 'left']),
  'email.reminder.leftMany': lines(200, ['lesson', 'left']),
  'email.reminder.buttonLabel': line(40),
  'email.reminder.closing': lines(300),
};

export const emailWordKeys = Object.keys(emailWordDefaults) as EmailWordKey[];
