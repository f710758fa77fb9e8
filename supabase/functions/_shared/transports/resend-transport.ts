/**
 * Resend's HTTPS API, the transport hosted Supabase can use (its SMTP ports are blocked): POST /emails for one
 * e-mail, POST /emails/batch for up to 100, each request under one Idempotency-Key.
 */
import { z } from 'zod';
import { type BatchOutcome, DeliveryError, type MailTransport, type OutgoingMail } from './mail-transport.ts';

const RESEND_API_URL = 'https://api.resend.com';
/** Resend's batch endpoint takes at most 100 e-mails a request. */
const RESEND_BATCH_LIMIT = 100;
/** When a quota answer carries no reset, look again after this long: one request an hour costs nothing. */
const QUOTA_RETRY_SECONDS = 3600;

const errorBody = z.object({ name: z.string().optional(), message: z.string().optional() });
const sentBody = z.object({ id: z.string().min(1) });
const batchBody = z.object({
  data: z.array(sentBody),
  errors: z.array(z.object({ index: z.number().int(), message: z.string() })).optional(),
});

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), if it holds one. */
function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sorts a refusal the way the outbox needs: a 429 (rate or quota) waits without spending an attempt; 408, a
 * concurrent request under the same key (409) and 5xx are retried; a key already used for another body (409)
 * means its e-mails were sent; any other 4xx will not change by retrying.
 */
function failureFor(response: Response, text: string): DeliveryError {
  const parsed = errorBody.safeParse(parseJson(text));
  const name = parsed.success ? parsed.data.name : undefined;
  const reason = parsed.success && parsed.data.message ? parsed.data.message : text.slice(0, 300);
  const message = `Resend answered ${response.status}${name ? ` ${name}` : ''}: ${reason}`;
  const hint =
    retryAfter(response.headers.get('retry-after')) ?? retryAfter(response.headers.get('ratelimit-reset'));
  if (response.status === 429) {
    const quota = name === 'daily_quota_exceeded' || name === 'monthly_quota_exceeded';
    return new DeliveryError(message, {
      failure: 'rate-limited',
      retryAfterSeconds: hint ?? (quota ? QUOTA_RETRY_SECONDS : 1),
    });
  }
  // The outbox keeps a request's key for its retries, so the same key with another body is the same e-mails
  // with fresh sign-in links: Resend keeps a key only once it has sent that request.
  if (name === 'invalid_idempotent_request') return new DeliveryError(message, { failure: 'sent-before' });
  const retryable =
    response.status === 408 || response.status >= 500 || name === 'concurrent_idempotent_requests';
  if (response.status >= 400 && !retryable) return new DeliveryError(message, { failure: 'permanent' });
  return new DeliveryError(message, {
    failure: 'transient',
    ...(hint !== undefined && { retryAfterSeconds: hint }),
  });
}

const resendEmail = (mail: OutgoingMail) => ({
  from: mail.from,
  to: [mail.to],
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  ...(mail.headers && { headers: mail.headers }),
});

export function createResendTransport(options: {
  apiKey: string;
  /** https://api.resend.com unless a test points it at a loopback peer. */
  apiUrl?: string;
  /** Requests per second for the whole team (MAIL_RATE_PER_SECOND; Resend's default is 2). */
  ratePerSecond: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): MailTransport {
  const base = (options.apiUrl ?? RESEND_API_URL).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function post(
    path: string,
    body: unknown,
    idempotencyKey: string,
    extra: Record<string, string> = {},
  ) {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
          ...extra,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new DeliveryError(`Resend unreachable: ${String(error)}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) throw failureFor(response, text);
    return { status: response.status, text, body: parseJson(text) };
  }

  return {
    name: 'resend',
    ratePerSecond: options.ratePerSecond,
    maxBatchSize: RESEND_BATCH_LIMIT,
    async send(mail) {
      const answer = await post('/emails', resendEmail(mail), mail.idempotencyKey);
      const sent = sentBody.safeParse(answer.body);
      if (!sent.success) {
        throw new DeliveryError(
          `Resend answered ${answer.status} without an id: ${answer.text.slice(0, 300)}`,
        );
      }
      return { providerId: sent.data.id };
    },
    async sendBatch(mails, idempotencyKey) {
      // Permissive validation: an address Resend refuses is listed in `errors` instead of failing the batch,
      // so one bad address never holds back the other 99.
      const answer = await post('/emails/batch', mails.map(resendEmail), idempotencyKey, {
        'x-batch-validation': 'permissive',
      });
      const batch = batchBody.safeParse(answer.body);
      const refused = new Map(
        (batch.success ? (batch.data.errors ?? []) : []).map((e) => [e.index, e.message]),
      );
      if (!batch.success || batch.data.data.length !== mails.length - refused.size) {
        throw new DeliveryError(
          `Resend answered ${answer.status} without an id for each e-mail: ${answer.text.slice(0, 300)}`,
        );
      }
      // `data` holds the accepted e-mails' ids in request order, skipping the refused ones.
      const ids = batch.data.data.map((entry) => entry.id);
      return mails.map((_, index): BatchOutcome => {
        const reason = refused.get(index);
        if (reason !== undefined) return { refused: `Resend refused this e-mail: ${reason}` };
        return { providerId: ids.shift() ?? '' };
      });
    },
  };
}
