/** The default transport with nothing configured: each message becomes an .eml file under DATA_DIR/mail/. */
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Log } from '../../../../supabase/functions/_shared/log.ts';
import type { MailTransport } from '../../../../supabase/functions/_shared/transports/mail-transport.ts';
import { toNodemailerMessage } from './smtp-transport.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The folder's e-mails, with any a crash left half-written (`.eml.part`), so that erasure and expiry take them too. */
async function emlFiles(mailFolder: string): Promise<string[]> {
  try {
    const names = await readdir(mailFolder);
    return names.filter((name) => /\.eml(\.part)?$/.test(name)).map((name) => path.join(mailFolder, name));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
}

/** The addresses in a message's To header (its header block, folded lines joined). */
function recipientsOf(message: string): string[] {
  const headers = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const to = headers
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .filter((line) => /^to:/i.test(line));
  return to.flatMap((line) => line.match(/[^\s<>,;:"]+@[^\s<>,;:"]+/g) ?? []).map((a) => a.toLowerCase());
}

/** Deletes every .eml file addressed to `address` (any capitalisation); returns how many went. */
export async function eraseMailTo(mailFolder: string, address: string): Promise<number> {
  const wanted = address.trim().toLowerCase();
  let erased = 0;
  for (const file of await emlFiles(mailFolder)) {
    const message = await readFile(file, 'utf8').catch(() => '');
    if (recipientsOf(message).includes(wanted)) {
      await unlink(file);
      erased += 1;
    }
  }
  return erased;
}

/** Deletes .eml files last written more than `retentionDays` ago; returns how many went. */
export async function deleteExpiredMail(
  mailFolder: string,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  let deleted = 0;
  for (const file of await emlFiles(mailFolder)) {
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > retentionDays * DAY_MS) {
      await unlink(file).catch(() => undefined);
      deleted += 1;
    }
  }
  return deleted;
}

/**
 * Writes each message as a private file (0600 in a 0700 folder, re-created if someone removed it), and keeps
 * files for `retentionDays`: old ones are deleted at start and every hour after.
 */
export function createFileMailboxTransport(
  mailFolder: string,
  log: Log,
  options: { retentionDays: number },
): MailTransport {
  // Builds the same MIME message SMTP would carry, into a buffer instead of a socket.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const expire = () =>
    deleteExpiredMail(mailFolder, options.retentionDays).then(
      (count) => {
        if (count > 0) log.info({ event: 'mail.expired', count, retention_days: options.retentionDays });
      },
      (error: unknown) => log.warn({ event: 'mail.expiry_failed', message: String(error) }),
    );
  void expire();
  const timer = setInterval(() => void expire(), HOUR_MS);
  timer.unref();
  return {
    name: 'file',
    // Local disk: nothing to pace, and one file per message.
    ratePerSecond: Number.POSITIVE_INFINITY,
    maxBatchSize: 1,
    async send(mail) {
      await mkdir(mailFolder, { recursive: true, mode: 0o700 });
      const info = await composer.sendMail(toNodemailerMessage(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('The file mailbox expected a buffered message.');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailFolder, `${stamp}-${mail.idempotencyKey.replace(/[^a-z0-9-]/gi, '-')}.eml`);
      // Written under another name, then renamed into place: whoever reads the folder (a mail app, erasure)
      // never finds half an e-mail.
      const part = `${file}.part`;
      await writeFile(part, info.message, { flag: 'wx', mode: 0o600 });
      await rename(part, file);
      log.info({ event: 'mail.written', to: mail.to, file });
      return { providerId: file };
    },
    async close() {
      clearInterval(timer);
    },
  };
}
