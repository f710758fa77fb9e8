/** SMTP through nodemailer, pooled, for the Node server (hosted Edge Functions block outbound SMTP ports). */
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
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
    headers: { ...mail.headers, 'X-Entity-Ref-ID': mail.idempotencyKey },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * nodemailer's pool limits: `rateLimit` messages per `rateDelta` ms within this process. The database's slots
 * (mail-rate.ts) pace all servers together; this keeps one server's pool from bunching its share.
 */
function poolRate(ratePerSecond: number) {
  if (!Number.isFinite(ratePerSecond)) return {};
  if (ratePerSecond >= 1) return { rateLimit: Math.floor(ratePerSecond), rateDelta: 1000 };
  return { rateLimit: 1, rateDelta: Math.round(1000 / ratePerSecond) };
}

/** An SMTP reply code from a nodemailer error, when the server gave one. */
function replyCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return undefined;
  return typeof error.responseCode === 'number' ? error.responseCode : undefined;
}

/**
 * `smtp://user:pass@host:587` (STARTTLS, required unless the host is loopback) or `smtps://…:465` (TLS from
 * the first byte). Query parameters in the URL override nodemailer's options, e.g. `?pool=false`.
 */
export function createSmtpTransport(smtpUrl: string, ratePerSecond: number): MailTransport {
  const host = new URL(smtpUrl).hostname;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    ...poolRate(ratePerSecond),
    requireTLS: !LOOPBACK.has(host),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    ratePerSecond,
    maxBatchSize: 1,
    async send(mail) {
      let info: SMTPPool.SentMessageInfo;
      try {
        info = await transporter.sendMail(toNodemailerMessage(mail));
      } catch (error) {
        // A 5xx reply is the server's final word on this message (no such mailbox, refused); 4xx and
        // connection failures are worth another try.
        const code = replyCode(error);
        throw new DeliveryError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, {
          failure: code !== undefined && code >= 500 ? 'permanent' : 'transient',
          cause: error,
        });
      }
      if (info.rejected.length > 0) {
        throw new DeliveryError(`SMTP: recipient rejected: ${info.response}`, { failure: 'permanent' });
      }
      return { providerId: info.messageId };
    },
    async close() {
      transporter.close();
    },
  };
}
