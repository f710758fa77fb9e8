/** The mailer port: every transport (Resend, SMTP, the file mailbox) takes messages and says how it went. */

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row: Resend's Idempotency-Key, and the seed of the Message-ID elsewhere. */
  idempotencyKey: string;
  /** Extra headers the message carries as they are (a reminder's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** One e-mail of a batch: accepted with the provider's id, or refused for good with the provider's reason. */
export type BatchOutcome = { providerId: string } | { refused: string };

export interface MailTransport {
  /** For logs, the outbox's provider column and the shared rate row, e.g. 'resend', 'smtp', 'file'. */
  readonly name: string;
  /**
   * Requests per second the provider allows, shared by every sender through the database; Infinity when
   * nothing needs pacing (the file mailbox).
   */
  readonly ratePerSecond: number;
  /** E-mails one request can carry: 100 on Resend's batch endpoint, 1 where each message is a request. */
  readonly maxBatchSize: number;
  /** Resolves with the provider's id for the message once the provider has accepted it. */
  send(mail: OutgoingMail): Promise<{ providerId: string }>;
  /**
   * Sends several e-mails in one request under one idempotency key, in the order given; present when
   * `maxBatchSize` is above 1. Throws a DeliveryError when the request as a whole failed.
   */
  sendBatch?(mails: readonly OutgoingMail[], idempotencyKey: string): Promise<BatchOutcome[]>;
  close?(): Promise<void>;
}

/**
 * How a failed send should be treated: `transient` is retried with back-off and spends an attempt;
 * `rate-limited` (a 429, a quota) waits for the provider without spending one; `permanent` (a refusal that
 * will not change, such as a 422) ends the row at once; `sent-before` is no failure of delivery: the provider
 * took an earlier request under this idempotency key (whose answer was lost) and refuses this one only because
 * its e-mails carry fresher links, so those e-mails went out then.
 */
export type DeliveryFailure = 'transient' | 'rate-limited' | 'permanent' | 'sent-before';

/** A failed send. `retryAfterSeconds` is the provider's own hint (Resend's retry-after, a quota's reset). */
export class DeliveryError extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly failure: DeliveryFailure;

  constructor(
    message: string,
    options: { retryAfterSeconds?: number; failure?: DeliveryFailure; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.failure = options.failure ?? 'transient';
  }
}
