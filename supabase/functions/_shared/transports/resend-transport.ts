/** Resend's HTTPS API (POST /emails), the transport hosted Supabase can use: its SMTP ports are blocked. */
import { DeliveryError, type MailTransport } from './mail-transport.ts';

const RESEND_API_URL = 'https://api.resend.com';

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), if it holds one. */
function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function createResendTransport(options: {
  apiKey: string;
  /** https://api.resend.com unless a test points it at a loopback peer. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): MailTransport {
  const endpoint = `${(options.apiUrl ?? RESEND_API_URL).replace(/\/$/, '')}/emails`;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'resend',
    async send(mail) {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': mail.idempotencyKey,
          },
          body: JSON.stringify({
            from: mail.from,
            to: [mail.to],
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new DeliveryError(`Resend unreachable: ${String(error)}`, { cause: error });
      }
      const text = await response.text();
      if (!response.ok) {
        throw new DeliveryError(`Resend answered ${response.status}: ${text.slice(0, 300)}`, {
          retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
        });
      }
      let id: unknown;
      try {
        const body: unknown = JSON.parse(text);
        id = typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined;
      } catch {
        id = undefined;
      }
      if (typeof id !== 'string' || id === '') {
        throw new DeliveryError(`Resend answered ${response.status} without an id: ${text.slice(0, 300)}`);
      }
      return { providerId: id };
    },
  };
}
