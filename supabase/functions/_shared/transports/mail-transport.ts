/** The mailer port: every transport (Resend, SMTP, the file mailbox) takes one message and says how it went. */

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row: Resend's Idempotency-Key, and the seed of the Message-ID elsewhere. */
  idempotencyKey: string;
}

export interface MailTransport {
  /** For logs and the outbox's provider column, e.g. 'resend', 'smtp', 'file'. */
  readonly name: string;
  /** Resolves with the provider's id for the message once the provider has accepted it. */
  send(mail: OutgoingMail): Promise<{ providerId: string }>;
  close?(): Promise<void>;
}

/** A failed send. `retryAfterSeconds` is the provider's own hint (e.g. Resend's 429 retry-after). */
export class DeliveryError extends Error {
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
