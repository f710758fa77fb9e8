/**
 * POST /functions/v1/send-email as a web-standard handler, shared by the Node server and the edge function:
 * limits, validation, one transaction (shared with concurrent sign-ups), then 200 {"ok": true}. Same answer
 * whether the address is new or not.
 */
import { type CorsPolicy, corsHeaders, preflight } from './cors.ts';
import { clientKey, networkKey } from './client-key.ts';
import type { Log } from './log.ts';
import { DEFAULT_MAIL_REQUESTS_PER_HOUR, reportCeilingReached } from './mail-requests.ts';
import { type RateLimitRule, SlidingWindowLimiter } from './rate-limit.ts';
import { readSignup } from './signup-request.ts';
import { createSignupRecorder, DEFAULT_COURSE_EMAILS_PER_DAY, type RecordResult } from './signup-store.ts';
import type { Sql } from './sql-port.ts';

export interface SignupLimits {
  /** Sign-up requests per client (an IPv4 address, an IPv6 /64) per window, counted by each process. */
  perIp: RateLimitRule;
  /** Sign-up requests per network (an IPv4 address, an IPv6 /48) per day, counted by each process. */
  perNetworkPerDay: number;
  /** Sign-ups per e-mail address per window, counted in the database; past it, nothing is queued. */
  perAddress: RateLimitRule;
  /** Course e-mails one address may be sent in a day, counted in the database; past it, nothing is queued. */
  courseEmailsPerDay: number;
  /** The hourly ceiling on e-mails requests make the site send (sign-ups' and sign-in e-mails). */
  mailRequestsPerHour: number;
}

export const DEFAULT_LIMITS: SignupLimits = {
  perIp: { limit: 10, windowSeconds: 60 },
  perNetworkPerDay: 20,
  perAddress: { limit: 3, windowSeconds: 3600 },
  courseEmailsPerDay: DEFAULT_COURSE_EMAILS_PER_DAY,
  mailRequestsPerHour: DEFAULT_MAIL_REQUESTS_PER_HOUR,
};

export interface SendEmailDeps {
  db: Sql;
  log: Log;
  cors: CorsPolicy;
  limits: SignupLimits;
  /** Stored with each sign-up: which back end recorded it. */
  source: string;
  /** Called after commit with the new outbox row's id, to start delivery at once. Must not throw. */
  onQueued?: (outboxId: string) => void;
}

const GENERIC_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * A web-standard handler. The caller's address is the one thing a Request does not carry: each runtime knows
 * it its own way (a socket, or the gateway's X-Forwarded-For), as Deno.serve hands it beside the request.
 */
export type SendEmailHandler = (request: Request, clientIp: string) => Promise<Response>;

export function createSendEmailHandler(deps: SendEmailDeps): SendEmailHandler {
  const byIp = new SlidingWindowLimiter(deps.limits.perIp);
  const byNetwork = new SlidingWindowLimiter({ limit: deps.limits.perNetworkPerDay, windowSeconds: 86_400 });
  // Concurrent sign-ups share one statement and one commit (group commit); each is answered after its own.
  // The per-address limit is counted there, in the database, so a restart or a second server does not reset it.
  const record = createSignupRecorder(deps.db, {
    source: deps.source,
    perAddress: deps.limits.perAddress,
    courseEmailsPerDay: deps.limits.courseEmailsPerDay,
    mailRequestsPerHour: deps.limits.mailRequestsPerHour,
  });

  return async (request, clientIp) => {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') return preflight(deps.cors, origin);
    const headers = { ...corsHeaders(deps.cors, origin), 'cache-control': 'no-store' };
    const answer = (status: number, body: object, extra: Record<string, string> = {}) =>
      Response.json(body, { status, headers: { ...headers, ...extra } });
    const tooMany = (seconds: number) =>
      answer(
        429,
        { error: 'Too many sign-up attempts. Please wait a moment and try again.' },
        {
          'retry-after': String(seconds),
        },
      );

    if (request.method !== 'POST')
      return answer(405, { error: 'Use POST to sign up.' }, { allow: 'POST, OPTIONS' });
    const ipDecision = byIp.hit(clientKey(clientIp));
    if (!ipDecision.allowed) return tooMany(ipDecision.retryAfterSeconds);
    const networkDecision = byNetwork.hit(networkKey(clientIp));
    if (!networkDecision.allowed) return tooMany(networkDecision.retryAfterSeconds);
    const parsed = await readSignup(request);
    if (!parsed.ok) {
      // A client that goes away mid-body is ordinary traffic, not a fault: one quiet line, no stack.
      if (parsed.aborted) deps.log.info({ event: 'signup.body_aborted', source: deps.source });
      return answer(400, { error: parsed.error });
    }

    let result: RecordResult;
    try {
      result = await record(parsed.signup);
    } catch (error) {
      deps.log.error({
        event: 'signup.failed',
        source: deps.source,
        message: error instanceof Error ? error.message : String(error),
        code: typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined,
      });
      return answer(500, { error: GENERIC_ERROR });
    }
    // An address past its own limit is answered as any other, so the answer tells nobody when it last signed
    // up; nothing was queued for it.
    if (result.deferred) {
      await reportCeilingReached(deps.db, deps.log, {
        ceiling: deps.limits.mailRequestsPerHour,
        address: parsed.signup.email,
        source: deps.source,
      }).catch((error: unknown) =>
        // The sign-up is recorded and its e-mail queued; only the alert line is lost.
        deps.log.error({ event: 'mail.ceiling_alert_failed', message: String(error) }),
      );
    } else if (result.outboxId !== undefined) deps.onQueued?.(result.outboxId);
    return answer(200, { ok: true });
  };
}
