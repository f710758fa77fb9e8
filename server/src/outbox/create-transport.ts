import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { MailTransport } from '../../../supabase/functions/_shared/transports/mail-transport.ts';
import { createResendTransport } from '../../../supabase/functions/_shared/transports/resend-transport.ts';
import type { Env } from '../env.ts';
import { createFileMailboxTransport } from './transports/file-mailbox-transport.ts';
import { createSmtpTransport } from './transports/smtp-transport.ts';

const pace = (ratePerSecond: number) =>
  Number.isFinite(ratePerSecond) ? `at most ${ratePerSecond} requests/s` : 'no rate limit';

/** The transport the environment chose, and a line saying where course e-mails go. */
export function createTransport(
  mail: Env['mail'],
  log: Log,
): { transport: MailTransport; description: string } {
  switch (mail.transport) {
    case 'resend':
      return {
        transport: createResendTransport({
          apiKey: mail.apiKey,
          ratePerSecond: mail.ratePerSecond,
          ...(mail.apiUrl && { apiUrl: mail.apiUrl }),
        }),
        description: `Resend (${mail.apiUrl ?? 'https://api.resend.com'}), ${pace(mail.ratePerSecond)}`,
      };
    case 'smtp':
      return {
        transport: createSmtpTransport(mail.url, mail.ratePerSecond),
        description: `SMTP (${new URL(mail.url).host}), ${pace(mail.ratePerSecond)}`,
      };
    case 'file':
      return {
        transport: createFileMailboxTransport(mail.folder, log, { retentionDays: mail.retentionDays }),
        description: `.eml files in ${mail.folder}`,
      };
  }
}
