/** The default transport with nothing configured: each message becomes an .eml file under DATA_DIR/mail/. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Log } from '../../../../supabase/functions/_shared/log.ts';
import type { MailTransport } from '../../../../supabase/functions/_shared/transports/mail-transport.ts';
import { toNodemailerMessage } from './smtp-transport.ts';

export function createFileMailboxTransport(mailFolder: string, log: Log): MailTransport {
  // Builds the same MIME message SMTP would carry, into a buffer instead of a socket.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folderReady: Promise<unknown> | undefined;
  return {
    name: 'file',
    // Local disk: nothing to pace, and one file per message.
    ratePerSecond: Number.POSITIVE_INFINITY,
    maxBatchSize: 1,
    async send(mail) {
      folderReady ??= mkdir(mailFolder, { recursive: true });
      await folderReady;
      const info = await composer.sendMail(toNodemailerMessage(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('The file mailbox expected a buffered message.');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailFolder, `${stamp}-${mail.idempotencyKey.replace(/[^a-z0-9-]/gi, '-')}.eml`);
      await writeFile(file, info.message, { flag: 'wx' });
      log.info({ event: 'mail.written', to: mail.to, file });
      return { providerId: file };
    },
  };
}
