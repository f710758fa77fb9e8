import type {
  MailTransport,
  OutgoingMail,
} from '../../supabase/functions/_shared/transports/mail-transport.ts';

/**
 * A mail transport that keeps every e-mail handed to it, at no rate limit, one per request: the provider the
 * outbox's and the studio's tests read what was sent from.
 */
export function recordingTransport(): { transport: MailTransport; sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: 'recording',
    ratePerSecond: Number.POSITIVE_INFINITY,
    maxBatchSize: 1,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve({ providerId: `sent-${sent.length}` });
    },
  };
  return { transport, sent };
}
