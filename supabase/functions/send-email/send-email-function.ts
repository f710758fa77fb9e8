/** The send-email edge function's handler factory: environment, database, transport and routes over the shared core. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { platformClientAddress } from '../_shared/client-key.ts';
import { corsPolicyFor } from '../_shared/cors.ts';
import { addressHasher, consoleLog, redactAddresses } from '../_shared/log.ts';
import { recordLaunchFacts } from '../_shared/launch-facts.ts';
import { deliverDue } from '../_shared/outbox.ts';
import type { DeliveryContext } from '../_shared/outbox-rows.ts';
import { createSendEmailHandler } from '../_shared/send-email-handler.ts';
import {
  DEFAULT_MAIL_RATE_PER_SECOND,
  parseSettings,
  sharedSettings,
  signupLimitsFrom,
} from '../_shared/settings.ts';
import { courseSignInUrl, type SignInLink, type SignInLinkMaker } from '../_shared/sign-in-link.ts';
import { createTestEmailHandler } from '../_shared/test-email.ts';
import { createResendTransport } from '../_shared/transports/resend-transport.ts';
import { createUnsubscribeHandler, createUnsubscribeLinks } from '../_shared/unsubscribe.ts';
import { openPostgresJsDatabase } from './postgres-js-database.ts';

/** Supabase's runtime keeps an isolate alive for promises handed to EdgeRuntime.waitUntil; plain Deno has none. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

function waitUntil(promise: Promise<unknown>) {
  if (typeof EdgeRuntime !== 'undefined') EdgeRuntime.waitUntil(promise);
}

/** The function's secrets: the server's rules for the ones both read, and two of its own. */
const secretsSchema = sharedSettings.extend({
  /** Provided by Supabase, as are SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY. */
  SUPABASE_DB_URL: z.string(),
  /** pg_cron's retry call must send it; unset, /deliver refuses every call. */
  SEND_EMAIL_CRON_SECRET: z.string().optional(),
});

type Secrets = z.output<typeof secretsSchema>;

/** Reads each secret the schema names from `env` (Deno.env), and parses them together. Throws on bad settings. */
function readSecrets(env: { get(name: string): string | undefined }): Secrets {
  const source = Object.fromEntries(Object.keys(secretsSchema.shape).map((name) => [name, env.get(name)]));
  return parseSettings(secretsSchema, source, 'send-email: invalid secrets (see docs/deploy-supabase.md):');
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i += 1)
    difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

/** Requests to Supabase Auth in flight at once while a batch's links are made. */
const LINKS_AT_ONCE = 10;

/** GoTrue's e-mail code: digits, as many as the project's Email OTP length (the course expects 6). */
const EMAIL_OTP = /^\d{6,10}$/;

/**
 * Sign-in links and codes from the project's own Supabase Auth: `auth.admin.generateLink` with the service
 * role key (both secrets the hosted runtime provides), which finds or creates the user and returns the token's
 * hash and the code (`email_otp`), and voids the user's earlier ones.
 */
function generatedSignInLinks(supabase: SupabaseClient, siteUrl: string): SignInLinkMaker {
  const redirectTo = new URL('/course', siteUrl).toString();
  const linkFor = async (email: string): Promise<SignInLink> => {
    const { data, error } = await supabase.auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo },
    });
    if (error) throw error;
    const token = data.properties?.hashed_token;
    if (!token) throw new Error('Supabase Auth made a link without a hashed_token.');
    const code = data.properties.email_otp;
    if (!EMAIL_OTP.test(code)) throw new Error('Supabase Auth made a link without a code (email_otp).');
    return { url: courseSignInUrl(siteUrl, token), code };
  };
  // Every generated link brings a new code (GoTrue keeps one per user), so `keepLiveCode` cannot be honoured
  // here: each e-mail carries its code, and GoTrue's own limits hold its verifications.
  return async (requests) => {
    const links: PromiseSettledResult<SignInLink>[] = [];
    for (let start = 0; start < requests.length; start += LINKS_AT_ONCE) {
      const slice = requests.slice(start, start + LINKS_AT_ONCE);
      links.push(...(await Promise.allSettled(slice.map(({ email }) => linkFor(email)))));
    }
    return links;
  };
}

/** Reads the function's secrets once per isolate and returns its request handler. Throws on bad settings. */
export function createSendEmailFunction(env: { get(name: string): string | undefined }) {
  const secrets = readSecrets(env);
  const [siteUrl = ''] = secrets.SITE_URL;
  const apiUrl = secrets.RESEND_API_URL;
  const cronSecret = secrets.SEND_EMAIL_CRON_SECRET;
  const db = openPostgresJsDatabase(secrets.SUPABASE_DB_URL);
  const supabase = createClient(secrets.SUPABASE_URL, secrets.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  // Addresses appear in the function's logs only as their keyed hash. Without LOG_HASH_KEY each isolate uses a
  // key of its own: still no address in clear, but the owner cannot look one person up (docs/privacy-and-data.md).
  const log = redactAddresses(consoleLog, addressHasher(secrets.LOG_HASH_KEY ?? crypto.randomUUID()));
  // The studio's launch checklist reads how this project sends e-mail (always Resend here) and where links lead.
  waitUntil(
    recordLaunchFacts(db, { mailTransport: 'resend', siteUrl }).catch((error: unknown) =>
      log.error({
        event: 'launch_facts.not_recorded',
        message: error instanceof Error ? error.message : String(error),
      }),
    ),
  );

  const delivery: DeliveryContext = {
    db,
    transport: createResendTransport({
      apiKey: secrets.RESEND_API_KEY,
      ratePerSecond: secrets.MAIL_RATE_PER_SECOND ?? DEFAULT_MAIL_RATE_PER_SECOND.resend,
      ...(apiUrl && { apiUrl }),
    }),
    log,
    mailFrom: secrets.MAIL_FROM,
    signInLinks: generatedSignInLinks(supabase, siteUrl),
    // The reminders' one-click unsubscribe is this function's /unsubscribe, at the project's public address.
    unsubscribeLinks: createUnsubscribeLinks(db, { siteUrl, apiUrl: secrets.SUPABASE_URL }),
    siteUrl,
    workerId: `edge:${crypto.randomUUID()}`,
  };
  // Stop claiming new rows well before the platform's wall-clock limit for background work. After a
  // sign-up, send only if a slot is free now; otherwise the row waits for pg_cron's drain, which may wait.
  const deliverSoon = (maxSlotWaitSeconds: number) => {
    const deadline = Date.now() + 50_000;
    return deliverDue({ ...delivery, settings: { maxSlotWaitSeconds } }, () => Date.now() > deadline).catch(
      (error: unknown) =>
        log.error({
          event: 'outbox.pass_failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };

  const cors = corsPolicyFor(secrets.SITE_URL);
  const unsubscribe = createUnsubscribeHandler({ db, log, cors, siteUrl });
  const sendEmail = createSendEmailHandler({
    db,
    log,
    cors,
    limits: signupLimitsFrom(secrets),
    source: 'supabase-edge',
    onQueued: () => waitUntil(deliverSoon(0)),
  });
  // The studio's test e-mail: the caller is whoever the project's auth says the session token is.
  const testEmail = createTestEmailHandler({
    db,
    log,
    cors,
    callerId: async (request) => {
      const token = /^Bearer +(\S+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      if (token === undefined) return null;
      const { data, error } = await supabase.auth.getUser(token);
      return error ? null : data.user.id;
    },
    transport: delivery.transport,
    mailFrom: secrets.MAIL_FROM,
    siteUrl,
  });

  return async (request: Request, info: { remoteAddr: { hostname: string } }): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/deliver')) {
      // pg_cron's retry call: deliver what is due, then say what happened.
      const secret = request.headers.get('x-cron-secret') ?? '';
      if (request.method !== 'POST' || !cronSecret || !constantTimeEqual(secret, cronSecret)) {
        return Response.json({ error: 'Not allowed.' }, { status: 403 });
      }
      return Response.json(await deliverSoon(10));
    }
    // A reminder's unsubscribe: a mailbox provider's one-click POST, or the site's /unsubscribe page.
    if (url.pathname.endsWith('/unsubscribe')) return unsubscribe(request);
    if (url.pathname.endsWith('/test')) return testEmail(request);
    return sendEmail(
      request,
      platformClientAddress(request.headers.get('x-forwarded-for'), info.remoteAddr.hostname),
    );
  };
}
