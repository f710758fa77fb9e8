/** SMTP through nodemailer, pooled, for the Node server (hosted Edge Functions block outbound SMTP ports). */
import nodemailer from 'nodemailer';
import {
  DeliveryError,
  type MailTransport,
  type OutgoingMail,
} from '../../../../supabase/functions/_shared/transports/mail-transport.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** nodemailer's message fields for one outgoing mail; the name never reaches a header. */
export function toNodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'X-Entity-Ref-ID': mail.idempotencyKey },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * `smtp://user:pass@host:587` (STARTTLS, required unless the host is loopback) or `smtps://…:465` (TLS from
 * the first byte). Query parameters in the URL override nodemailer's options, e.g. `?pool=false`.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const host = new URL(smtpUrl).hostname;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    requireTLS: !LOOPBACK.has(host),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail(toNodemailerMessage(mail));
        if (info.rejected.length > 0) throw new Error(`recipient rejected: ${info.response}`);
        return { providerId: info.messageId };
      } catch (error) {
        throw new DeliveryError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    },
    async close() {
      transporter.close();
    },
  };
}
