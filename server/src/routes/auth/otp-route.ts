/**
 * POST /auth/v1/otp, GoTrue's "sign in with a one-time link" as supabase-js `signInWithOtp` calls it: "Send me
 * a new link" on /course. It never creates a user and answers every address alike; an address that signed up
 * gets a sign-in e-mail through the outbox, whose link is made when it is sent.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { GoTrueError, rateLimitedResponse } from '../../auth/gotrue-error.ts';
import { isAllowedRedirect } from '../../auth/redirect-policy.ts';
import type { ClientAddress } from '../../http/client-address.ts';
import { clientKey } from '../../../../supabase/functions/_shared/client-key.ts';
import type { CorsPolicy } from '../../../../supabase/functions/_shared/cors.ts';
import type { Log } from '../../../../supabase/functions/_shared/log.ts';
import { reportCeilingReached } from '../../../../supabase/functions/_shared/mail-requests.ts';
import {
  type RateLimitRule,
  SlidingWindowLimiter,
} from '../../../../supabase/functions/_shared/rate-limit.ts';
import {
  queueSignInLinkEmail,
  SIGN_IN_EMAIL_DEFAULTS,
} from '../../../../supabase/functions/_shared/sign-in-link.ts';
import { normaliseEmail } from '../../../../supabase/functions/_shared/signup-request.ts';
import type { Sql } from '../../../../supabase/functions/_shared/sql-port.ts';

export interface OtpSettings {
  /**
   * The sign-ups' per-IP rule, for /otp and, counted apart, /verify: asking for links is no cheaper a way to
   * make the server send e-mail, and trying codes for many addresses is slowed as signing them up is.
   */
  perIp: RateLimitRule;
  /** The hourly ceiling on e-mails requests make the site send, shared with the sign-ups (MAIL_REQUESTS_PER_HOUR). */
  mailRequestsPerHour: number;
  /** Where the hourly ceiling's alert goes (addresses only as their keyed hash). */
  log: Log;
  /** Called after a sign-in e-mail is queued, to start delivery at once. Must not throw. */
  onQueued?: () => void;
}

export interface OtpDeps {
  db: Sql;
  /** SITE_URL's origins: a `redirect_to` anywhere else is refused. */
  cors: CorsPolicy;
  clientAddress: ClientAddress;
  otp: OtpSettings;
}

/** The request auth-js sends; GoTrue ignores fields it does not know, and so does this. */
const otpRequest = z.looseObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  // GoTrue creates users unless told not to.
  create_user: z.boolean().default(true),
  data: z.record(z.string(), z.unknown()).optional(),
  gotrue_meta_security: z.looseObject({ captcha_token: z.string().optional() }).optional(),
  code_challenge: z.string().nullable().optional(),
  code_challenge_method: z.string().nullable().optional(),
});

function parseJson(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Mounted by the auth routes at /otp, under their body limit and their GoTrue-shaped errors. */
export function otpRoutes(deps: OtpDeps): Hono {
  const routes = new Hono();
  const byIp = new SlidingWindowLimiter(deps.otp.perIp);

  routes.post('/', async (c) => {
    const ip = byIp.hit(clientKey(deps.clientAddress(c)));
    if (!ip.allowed) return rateLimitedResponse(ip.retryAfterSeconds, c.req.header('x-supabase-api-version'));
    // JSON only, as auth-js sends it: a form or text/plain body is what another site's page can make a
    // visitor's browser send without asking this server first (no CORS preflight).
    if (!isJson(c.req.header('content-type'))) {
      throw new GoTrueError(415, 'bad_json', 'Content-Type must be application/json');
    }
    const body = otpRequest.safeParse(parseJson(await c.req.text()));
    if (!body.success) {
      throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON: unexpected field types');
    }
    const redirectTo = c.req.query('redirect_to');
    if (redirectTo !== undefined && !isAllowedRedirect(deps.cors, redirectTo)) {
      throw new GoTrueError(400, 'validation_failed', 'redirect_to must be an address on this site');
    }
    if (body.data.email === undefined) {
      throw new GoTrueError(400, 'validation_failed', 'Sign-in links go to an e-mail address only');
    }
    // Refused for every address alike, so the answer says nothing about who signed up.
    if (body.data.create_user) throw new GoTrueError(422, 'otp_disabled', 'Signups not allowed for otp');
    const email = normaliseEmail(body.data.email);
    if (!email.ok) {
      throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    // Unknown, past its day's cap or back-off, or past the hour's ceiling: nothing is queued, and the answer
    // is the same.
    const queued = await queueSignInLinkEmail(deps.db, email.email, {
      ...SIGN_IN_EMAIL_DEFAULTS,
      mailRequestsPerHour: deps.otp.mailRequestsPerHour,
    });
    if (queued.outboxId !== undefined) deps.otp.onQueued?.();
    if (queued.overCeiling) {
      await reportCeilingReached(deps.db, deps.otp.log, {
        ceiling: deps.otp.mailRequestsPerHour,
        address: email.email,
        source: 'sign-in',
      }).catch((error: unknown) =>
        // Nothing was queued, as for any address past the ceiling; only the alert line is lost.
        deps.otp.log.error({ event: 'mail.ceiling_alert_failed', message: String(error) }),
      );
    }
    return c.json({});
  });
  return routes;
}
