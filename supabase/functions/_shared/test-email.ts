/**
 * POST /functions/v1/send-email/test, the studio's "Send a test to me", shared by the Node server and the edge
 * function: an owner, signed in, gets one of the learners' e-mails in the words of her draft (or the announcement
 * she is writing), marked "[Test]", at her own address and no other, a few an hour. Its link and code are samples:
 * they sign nobody in, and its unsubscribe link unsubscribes nobody.
 */
import { z } from 'zod';
import { type CorsPolicy, corsHeaders, preflight } from './cors.ts';
import { type CourseEmail, renderSampleAnnouncement, renderSampleEmail } from './course-email.ts';
import { draftEmailWords } from './email-words.ts';
import type { Log } from './log.ts';
import { claimSlot, slotSeconds, slotWait } from './mail-rate.ts';
import { type RateLimitRule, SlidingWindowLimiter } from './rate-limit.ts';
import type { Sql } from './sql-port.ts';
import type { MailTransport } from './transports/mail-transport.ts';

export interface TestEmailDeps {
  db: Sql;
  log: Log;
  cors: CorsPolicy;
  /**
   * The signed-in caller's user id, or null for a visitor (no token, or the public key); throws for a token that
   * is refused (not the project's, expired, its session ended). Each runtime checks tokens its own way.
   */
  callerId: (request: Request) => Promise<string | null>;
  transport: MailTransport;
  mailFrom: string;
  siteUrl: string;
  /** Tests per owner per window, counted by each process (default: 5 an hour). */
  perOwner?: RateLimitRule;
}

const TEST_EMAILS_PER_HOUR = 5;

/** The longest a test waits for the provider's shared send rate before the owner is asked to try again. */
const MAX_SLOT_WAIT_SECONDS = 5;

const body = z.discriminatedUnion('email', [
  z.object({ email: z.enum(['course', 'signIn', 'reminder']) }),
  z.object({
    email: z.literal('announcement'),
    subject: z.string().trim().min(1).max(150),
    text: z.string().trim().min(1).max(10_000),
  }),
]);

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

export function createTestEmailHandler(deps: TestEmailDeps): (request: Request) => Promise<Response> {
  const perOwner = new SlidingWindowLimiter(
    deps.perOwner ?? { limit: TEST_EMAILS_PER_HOUR, windowSeconds: 3600 },
  );

  /** Takes a slot of the provider's shared rate, as the outbox does, waiting a little at most. */
  async function sendSlot(): Promise<boolean> {
    const { name, ratePerSecond } = deps.transport;
    if (!Number.isFinite(ratePerSecond)) return true;
    const deadline = Date.now() + MAX_SLOT_WAIT_SECONDS * 1000;
    for (;;) {
      const wait = await slotWait(deps.db, name);
      if (Date.now() + wait.seconds * 1000 > deadline) return false;
      if (wait.seconds > 0) await sleep(wait.seconds);
      if (await claimSlot(deps.db, name, slotSeconds(ratePerSecond))) return true;
    }
  }

  return async (request) => {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') return preflight(deps.cors, origin);
    const headers = { ...corsHeaders(deps.cors, origin), 'cache-control': 'no-store' };
    const answer = (status: number, answered: object, extra: Record<string, string> = {}) =>
      Response.json(answered, { status, headers: { ...headers, ...extra } });
    if (request.method !== 'POST')
      return answer(405, { error: 'Use POST to send a test.' }, { allow: 'POST, OPTIONS' });

    const userId = await deps.callerId(request).catch(() => undefined);
    if (userId === undefined) return answer(401, { error: 'Your sign-in has ended: sign in again.' });
    if (userId === null) return answer(401, { error: 'Sign in to the studio to send a test.' });
    const [owner] = await deps.db.query<{ email: string }>(
      `select lower(u.email) as email from auth.users as u
         join public.owners as o on o.email = lower(u.email)
        where u.id = $1::uuid`,
      [userId],
    );
    if (!owner) return answer(403, { error: 'This is for the course’s owner.' });

    const parsed = body.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success)
      return answer(400, {
        error:
          'Say which e-mail to send: course, signIn or reminder; or an announcement with its subject (up to 150 characters) and text (up to 10,000).',
      });
    const decision = perOwner.hit(userId);
    if (!decision.allowed) {
      return answer(
        429,
        { error: `You can send ${TEST_EMAILS_PER_HOUR} tests an hour: try again later.` },
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }

    const asked = parsed.data;
    const email: CourseEmail =
      asked.email === 'announcement'
        ? renderSampleAnnouncement({ subject: asked.subject, body: asked.text }, deps.siteUrl)
        : renderSampleEmail(asked.email, await draftEmailWords(deps.db), deps.siteUrl);
    try {
      if (!(await sendSlot())) {
        return answer(
          503,
          { error: 'E-mails are being sent just now: try again in a minute.' },
          { 'retry-after': '60' },
        );
      }
      await deps.transport.send({
        ...email,
        subject: `[Test] ${email.subject}`,
        from: deps.mailFrom,
        to: owner.email,
        idempotencyKey: `test-${crypto.randomUUID()}`,
      });
    } catch (error) {
      deps.log.error({
        event: 'email.test_failed',
        email: parsed.data.email,
        message: error instanceof Error ? error.message : String(error),
      });
      return answer(502, { error: 'The mail provider did not take the test: try again in a minute.' });
    }
    deps.log.info({ event: 'email.test_sent', email: parsed.data.email, to: owner.email });
    return answer(200, { ok: true, to: owner.email });
  };
}
