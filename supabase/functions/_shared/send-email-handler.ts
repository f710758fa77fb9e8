/**
 * POST /functions/v1/send-email as a web-standard handler, shared by the Node server and the edge function:
 * limits, validation, one transaction (shared with concurrent sign-ups), then 200 {"ok": true}. Same answer
 * whether the address is new or not.
 */
import { type CorsPolicy, corsHeaders, preflight } from './cors.ts';
import type { Log } from './log.ts';
import { type RateLimitRule, SlidingWindowLimiter } from './rate-limit.ts';
import { readSignup } from './signup-request.ts';
import { createSignupRecorder, type RecordResult } from './signup-store.ts';
import type { Sql } from './sql-port.ts';

export interface SignupLimits {
  perIp: RateLimitRule;
  perAddress: RateLimitRule;
}

export const DEFAULT_LIMITS: SignupLimits = {
  perIp: { limit: 10, windowSeconds: 60 },
  perAddress: { limit: 3, windowSeconds: 3600 },
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
  // Concurrent sign-ups share one statement and one commit (group commit); each is answered after its own.
  // The per-address limit is counted there, in the database, so a restart or a second server does not reset it.
  const record = createSignupRecorder(deps.db, { source: deps.source, perAddress: deps.limits.perAddress });

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
    const ipDecision = byIp.hit(clientIp);
    if (!ipDecision.allowed) return tooMany(ipDecision.retryAfterSeconds);
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
    if (!result.recorded) return tooMany(result.retryAfterSeconds);
    if (result.outboxId !== undefined) deps.onQueued?.(result.outboxId);
    return answer(200, { ok: true });
  };
}
