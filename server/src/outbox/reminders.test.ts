import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { readMime } from '../../test/mime.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import { deliverDue } from '../../../supabase/functions/_shared/outbox.ts';
import type { DeliveryContext } from '../../../supabase/functions/_shared/outbox-rows.ts';
import { DEFAULT_LIMITS } from '../../../supabase/functions/_shared/send-email-handler.ts';
import { queueSignInLinkEmail } from '../../../supabase/functions/_shared/sign-in-link.ts';
import { recordSignup } from '../../../supabase/functions/_shared/signup-store.ts';
import { createUnsubscribeLinks } from '../../../supabase/functions/_shared/unsubscribe.ts';
import { embeddedSignInLinks } from './embedded-sign-in-links.ts';
import { queuePauseReminders, startReminderScheduler } from '../jobs/reminder-scheduler.ts';
import { createSmtpTransport } from './transports/smtp-transport.ts';

const SITE = 'https://lenses.example';
const DAY = 24 * 60 * 60 * 1000;
const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let app: Awaited<ReturnType<typeof createTestApp>>;
let lessonIds: string[];

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpPeer();
  app = await createTestApp(db);
});
afterAll(async () => {
  await smtp.stop();
  await db.close();
});
beforeEach(async () => {
  await db.exec(
    `truncate public.email_outbox, public.signups, public.lessons, public.mail_rate restart identity cascade;
     delete from auth.users;`,
  );
  smtp.received.length = 0;
  const rows = await db.query<{ id: string }>(
    `insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published) values
       ('trends', 'Lens one: trends', 'a.mp4', 60, 1, true),
       ('strengths', 'Lens two: strengths', 'b.mp4', 60, 2, true),
       ('dreams', 'Lens three: dreams', 'c.mp4', 60, 3, true),
       ('draft', 'A draft', 'd.mp4', 60, 4, false)
     returning id::text as id`,
  );
  lessonIds = rows.map((row) => row.id);
});

/** Days from now, on the test's clock. */
const inDays = (days: number) => new Date(Date.now() + days * DAY);

interface Learner {
  id: string;
  email: string;
}

/** A learner who signed up and signed in; `consent` answers the course page's question that many days ago. */
async function learner(email: string, consent?: { given: boolean; daysAgo?: number }): Promise<Learner> {
  const id = randomUUID();
  await db.query(
    `insert into public.signups (email, name, consent_version, source) values ($1, 'Ada Lovelace', 'v', 'test')`,
    [email],
  );
  await db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
  if (consent) await answer(id, consent.given, consent.daysAgo ?? 0);
  return { id, email };
}

async function answer(userId: string, given: boolean, daysAgo = 0) {
  await db.query(
    `insert into public.reminder_consents (user_id, given, wording, wording_version, created_at)
     values ($1, $2, 'E-mail me if I pause for a week.', 'pause-reminders-test', now() - make_interval(days => $3))`,
    [userId, given, daysAgo],
  );
}

async function progress(userId: string, lesson: number, position: number, completed = false) {
  await db.query(
    `insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at)
     values ($1, $2, $3, case when $4 then now() end)`,
    [userId, lessonIds[lesson], position, completed],
  );
}

const reminders = () =>
  db.query<{ recipient: string; reminder_number: number }>(
    `select recipient, reminder_number from public.email_outbox where kind = 'reminder'
      order by recipient, reminder_number`,
  );

/** The plain-text part of each e-mail the SMTP peer received, by recipient. */
const textsTo = (address: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => readMime(mail.raw).parts.get('text/plain') ?? '');

function delivery(workerId = 'worker-a'): DeliveryContext {
  return {
    db,
    transport: createSmtpTransport(smtp.url, Number.POSITIVE_INFINITY),
    log: quiet,
    mailFrom: 'Three Lenses <course@lenses.example>',
    signInLinks: embeddedSignInLinks(db, SITE),
    unsubscribeLinks: createUnsubscribeLinks(db, { siteUrl: SITE, apiUrl: 'https://api.lenses.example' }),
    siteUrl: SITE,
    workerId,
  };
}

async function deliver(context = delivery()) {
  try {
    return await deliverDue(context);
  } finally {
    await context.transport.close?.();
  }
}

describe(`who is reminded, and when (${databaseKind}, a controllable clock)`, () => {
  it('reminds a learner who said yes after 7 idle days, naming the next lesson and where they stopped', async () => {
    const ada = await learner('ada@example.com', { given: true });
    await progress(ada.id, 0, 60, true);
    await progress(ada.id, 1, 134);
    expect(await queuePauseReminders(db, inDays(6.9))).toBe(0);
    expect(await queuePauseReminders(db, inDays(7.1))).toBe(1);
    expect(await reminders()).toEqual([{ recipient: 'ada@example.com', reminder_number: 1 }]);
    expect((await deliver()).sent).toBe(1);
    const [text] = textsTo('ada@example.com');
    expect(text).toContain('You stopped at 2:14 in "Lens two: strengths". Pick it up where you left off.');
    expect(text).toContain('You have 2 lessons left.');
  });

  it('counts the idle week from the latest progress, not from the yes', async () => {
    const ada = await learner('ada@example.com', { given: true, daysAgo: 30 });
    await progress(ada.id, 0, 12);
    expect(await queuePauseReminders(db, inDays(6))).toBe(0);
    expect(await queuePauseReminders(db, inDays(7.1))).toBe(1);
  });

  it('sends at most 3, a week apart, while nothing moves; a new yes after a no starts a new series', async () => {
    const ada = await learner('ada@example.com', { given: true });
    const queuedOn = [];
    for (let day = 0; day <= 40; day += 1) {
      if ((await queuePauseReminders(db, inDays(day + 0.5))) > 0) queuedOn.push(day);
    }
    expect(queuedOn).toEqual([7, 14, 21]);
    expect((await reminders()).map((row) => row.reminder_number)).toEqual([1, 2, 3]);
    await db.query("update public.email_outbox set status = 'sent', created_at = now() - interval '30 days'");
    await answer(ada.id, false);
    await answer(ada.id, true);
    expect(await queuePauseReminders(db, inDays(6))).toBe(0);
    expect(await queuePauseReminders(db, inDays(7.1))).toBe(1);
    expect((await reminders()).map((row) => row.reminder_number)).toEqual([1, 2, 3, 4]);
  });

  it('matches a sign-up and its course account whatever the capitals of the address', async () => {
    const id = randomUUID();
    await db.query(
      `insert into public.signups (email, name, consent_version, source) values ('Ada@Example.com', 'Ada', 'v', 'test')`,
    );
    await db.query("insert into auth.users (id, email) values ($1, 'ada@example.com')", [id]);
    await answer(id, true, 8);
    expect(await queuePauseReminders(db)).toBe(1);
    expect(await reminders()).toEqual([{ recipient: 'Ada@Example.com', reminder_number: 1 }]);
  });

  it('drops, unsent, a reminder no longer wanted when its turn comes: finished, or withdrawn while a worker held it', async () => {
    const ada = await learner('ada@example.com', { given: true, daysAgo: 8 });
    const ben = await learner('ben@example.com', { given: true, daysAgo: 8 });
    expect(await queuePauseReminders(db)).toBe(2);
    for (const lesson of [0, 1, 2]) await progress(ada.id, lesson, 60, true);
    // Ben's was claimed by a worker that then died: the trigger's delete of pending rows does not reach it.
    await db.query(
      `update public.email_outbox set status = 'sending', locked_by = 'dead-worker', locked_until = now() - interval '1 minute'
        where recipient = 'ben@example.com'`,
    );
    await answer(ben.id, false);
    expect(await reminders()).toHaveLength(2);
    expect(await deliver()).toEqual({ sent: 0, retry: 0, dead: 0, rateLimited: 0 });
    expect(smtp.received).toEqual([]);
    expect(await reminders()).toEqual([]);
    const links = await db.query('select 1 from auth.one_time_tokens');
    expect(links, 'no sign-in link was made for a dropped reminder').toEqual([]);
  });

  it('lets only the senders queue reminders or read who may get one', async () => {
    for (const role of ['anon', 'authenticated']) {
      const [row] = await db.query<{ queue: boolean; read: boolean }>(
        `select has_function_privilege($1, 'public.queue_pause_reminders(timestamptz)', 'execute') as queue,
                has_function_privilege($1, 'public.pause_reminder_learners(bigint)', 'execute') as read`,
        [role],
      );
      expect(row, role).toEqual({ queue: false, read: false });
    }
  });

  it('reminds nobody who did not say yes, withdrew, finished, or unsubscribed', async () => {
    await learner('never@example.com');
    await learner('declined@example.com', { given: false });
    const withdrew = await learner('withdrew@example.com', { given: true, daysAgo: 20 });
    await answer(withdrew.id, false, 10);
    const finished = await learner('finished@example.com', { given: true, daysAgo: 20 });
    for (const lesson of [0, 1, 2]) await progress(finished.id, lesson, 60, true);
    const gone = await learner('gone@example.com', { given: true, daysAgo: 20 });
    await db.query('update public.signups set unsubscribed = true where email = $1', [gone.email]);
    const waiting = await learner('waiting@example.com', { given: true, daysAgo: 20 });
    expect(await queuePauseReminders(db, inDays(8))).toBe(1);
    expect((await reminders()).map((row) => row.recipient)).toEqual([waiting.email]);
  });

  it('counts only published lessons: a draft left unwatched is no reason to write', async () => {
    const ada = await learner('ada@example.com', { given: true, daysAgo: 20 });
    for (const lesson of [0, 1, 2]) await progress(ada.id, lesson, 60, true);
    expect(await queuePauseReminders(db, inDays(8))).toBe(0);
  });

  it('a no on the course page drops the reminder queued and not yet sent; a later yes lifts an unsubscribe', async () => {
    const ada = await learner('ada@example.com', { given: true, daysAgo: 20 });
    expect(await queuePauseReminders(db)).toBe(1);
    await answer(ada.id, false);
    expect(await reminders()).toEqual([]);
    await db.query("update public.signups set unsubscribed = true where email = 'ada@example.com'");
    await answer(ada.id, true);
    const [signup] = await db.query<{ unsubscribed: boolean }>('select unsubscribed from public.signups');
    expect(signup?.unsubscribed).toBe(false);
    expect(await queuePauseReminders(db, inDays(8))).toBe(1);
  });

  it('schedulers running at once queue each reminder once, and two workers send each once', async () => {
    for (let i = 0; i < 12; i += 1) await learner(`learner${i}@example.com`, { given: true, daysAgo: 8 });
    const counts = await Promise.all([1, 2, 3, 4].map(() => queuePauseReminders(db)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(await reminders()).toHaveLength(12);
    const reports = await Promise.all([deliver(delivery('worker-a')), deliver(delivery('worker-b'))]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(12);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `learner${i}@example.com`).sort(),
    );
    expect(await deliver()).toEqual({ sent: 0, retry: 0, dead: 0, rateLimited: 0 });
  });

  it("the embedded server's scheduler queues a due reminder on its first pass, at start", async () => {
    await learner('ada@example.com', { given: true, daysAgo: 8 });
    const onQueued = vi.fn();
    const scheduler = startReminderScheduler(db, quiet, { intervalSeconds: 3600, onQueued });
    await scheduler.stop();
    expect(onQueued).toHaveBeenCalledOnce();
    expect(await reminders()).toEqual([{ recipient: 'ada@example.com', reminder_number: 1 }]);
  });
});

describe(`a reminder through a real SMTP peer, and its one-click unsubscribe (${databaseKind})`, () => {
  async function remindedAda() {
    const ada = await learner('ada@example.com', { given: true, daysAgo: 8 });
    await progress(ada.id, 0, 134);
    expect(await queuePauseReminders(db, inDays(7.1))).toBe(1);
    expect((await deliver()).sent).toBe(1);
    const [mail] = smtp.received;
    return { ada, ...readMime(mail?.raw ?? '') };
  }

  it('names the next lesson, opens it with a link and a code, and carries both List-Unsubscribe fields', async () => {
    const { headers, parts } = await remindedAda();
    const text = parts.get('text/plain') ?? '';
    expect(headers.get('subject')).toBe('Your next lesson is waiting: Lens one: trends');
    expect(headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/api\.lenses\.example\/functions\/v1\/send-email\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain('You stopped at 2:14 in "Lens one: trends".');
    expect(text).toContain('You have 3 lessons left.');
    expect(text).toMatch(
      /Continue the course: https:\/\/lenses\.example\/course\?token_hash=[0-9a-f]{64}&type=magiclink&lesson=trends/,
    );
    expect(text).toMatch(/Or sign in on any device with this code: \d{6}/);
    expect(text).toMatch(/Unsubscribe from reminders: https:\/\/lenses\.example\/unsubscribe\?token=[\w.-]+/);
    expect(parts.get('text/html')).toContain('>Unsubscribe from reminders</a>');
  });

  it("a mailbox provider's one-click POST stops the next reminder; the course's own e-mails still go", async () => {
    const { ada, headers } = await remindedAda();
    const oneClick = new URL(/<(.+)>/.exec(headers.get('list-unsubscribe') ?? '')?.[1] ?? '');
    const response = await app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [latest] = await db.query<{ given: boolean; source: string }>(
      'select given, source from public.reminder_consents where user_id = $1 order by id desc limit 1',
      [ada.id],
    );
    expect(latest).toEqual({ given: false, source: 'unsubscribe' });
    expect(await queuePauseReminders(db, inDays(30))).toBe(0);

    smtp.received.length = 0;
    const repeat = await recordSignup(
      db,
      { name: 'Ada Lovelace', email: ada.email },
      { source: 'test', perAddress: DEFAULT_LIMITS.perAddress },
    );
    expect(repeat.outboxId, 'a repeat sign-up queues the course e-mail').toBeDefined();
    expect((await queueSignInLinkEmail(db, ada.email)).outboxId).toBeDefined();
    expect((await deliver()).sent).toBe(2);
    expect(smtp.received.map((mail) => readMime(mail.raw).headers.get('subject')).sort()).toEqual([
      'Your free Three Lenses course is ready to watch',
      'Your sign-in link for Three Lenses',
    ]);
  });

  it('answers every token alike, withdraws once however often it is used; a GET leads to the page', async () => {
    const { headers } = await remindedAda();
    const token = new URL(/<(.+)>/.exec(headers.get('list-unsubscribe') ?? '')?.[1] ?? '').searchParams.get(
      'token',
    );
    const [head = '', , signature = ''] = (token ?? '').split('.');
    const shapes = [
      token,
      token,
      '',
      'not-a-token',
      `${head}.eyJzdWIiOiIxIiwiYXVkIjoidW5zdWJzY3JpYmUifQ.${signature}`,
      'x'.repeat(5000),
    ];
    const answers = [];
    for (const shape of shapes) {
      const response = await app.request('/functions/v1/send-email/unsubscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ token: shape }),
      });
      answers.push([response.status, await response.text()]);
    }
    expect(new Set(answers.map((entry) => JSON.stringify(entry))).size).toBe(1);
    expect(answers[0]).toEqual([200, '{"ok":true}']);
    const withdrawals = await db.query("select 1 from public.reminder_consents where source = 'unsubscribe'");
    expect(withdrawals).toHaveLength(1);
    const opened = await app.request(`/functions/v1/send-email/unsubscribe?token=${token}`);
    expect(opened.status, 'a mail client that opens the address gets the page').toBe(303);
    expect(opened.headers.get('location')).toBe(`${SITE}/unsubscribe?token=${token}`);
    expect((await app.request('/functions/v1/send-email/unsubscribe', { method: 'PUT' })).status).toBe(405);
  });

  it('marks an address unsubscribed even before it ever signed in, and records no answer for it', async () => {
    await db.query(
      `insert into public.signups (email, name, consent_version, source) values ('cy@example.com', 'Cy', 'v', 'test')`,
    );
    const [signup] = await db.query<{ id: string }>('select id::text as id from public.signups');
    const links = createUnsubscribeLinks(db, { siteUrl: SITE, apiUrl: SITE });
    const oneClick = new URL((await links(signup?.id ?? '')).oneClick);
    const response = await app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await db.query('select unsubscribed from public.signups')).toEqual([{ unsubscribed: true }]);
    expect(await db.query('select 1 from public.reminder_consents')).toEqual([]);
  });
});
