// Announcements with consent, end to end on the server: a learner's yes under row-level security, the owner's send
// to those who said yes (once each, however many workers deliver it and however often she presses Send), the
// e-mail with both unsubscribe headers, a one-click unsubscribe that withdraws this consent only, the counts the
// studio shows, a lesson announced as it is published, and her test.
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restCallers } from '../../test/rest-callers.ts';
import { databaseKind } from '../../test/test-database.ts';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import { deliverDue } from '../../../supabase/functions/_shared/outbox.ts';
import type { DeliveryContext } from '../../../supabase/functions/_shared/outbox-rows.ts';
import type {
  BatchOutcome,
  MailTransport,
  OutgoingMail,
} from '../../../supabase/functions/_shared/transports/mail-transport.ts';
import { createUnsubscribeLinks } from '../../../supabase/functions/_shared/unsubscribe.ts';
import { recordingTransport } from '../../test/recording-transport.ts';
import { embeddedSignInLinks } from './embedded-sign-in-links.ts';

const SITE = 'https://lenses.example';
const OWNER = '00000000-0000-4000-8000-0000000000f1';
const ADA = '00000000-0000-4000-8000-0000000000f2';
const BEN = '00000000-0000-4000-8000-0000000000f3';
const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** Every e-mail handed to the mail provider. */
const { transport: recording, sent } = recordingTransport();

const rest = restCallers(
  { [OWNER]: 'coach@example.com', [ADA]: 'ada@example.com', [BEN]: 'ben@example.com' },
  async () => ({ testMail: recording }),
);
const { as } = rest;

beforeAll(() =>
  rest.db.query("insert into public.owners (email) values ('coach@example.com') on conflict do nothing"),
);
beforeEach(async () => {
  await rest.db.exec(
    `truncate public.email_outbox, public.signups, public.mail_rate, public.announcements,
       public.announcement_settings, public.announcement_consents, public.reminder_consents, public.lessons
       restart identity cascade;
     delete from auth.users where id not in ('${OWNER}', '${ADA}', '${BEN}');`,
  );
  await rest.db.exec(
    `insert into public.signups (email, name, consent_version, source) values
       ('coach@example.com', 'Coach', 'v', 'test'), ('ada@example.com', 'Ada Lovelace', 'v', 'test'),
       ('ben@example.com', 'Ben', 'v', 'test')`,
  );
  sent.length = 0;
});

const delivery = (workerId = 'worker-a', transport: MailTransport = recording): DeliveryContext => ({
  db: rest.db,
  transport,
  log: quiet,
  mailFrom: 'Three Lenses <course@lenses.example>',
  signInLinks: embeddedSignInLinks(rest.db, SITE),
  unsubscribeLinks: createUnsubscribeLinks(rest.db, { siteUrl: SITE, apiUrl: 'https://api.lenses.example' }),
  siteUrl: SITE,
  workerId,
});

const WORDING = { wording: 'E-mail me when new lessons are added.', wording_version: 'announcements-test' };

/** The learner answers on the course page, as supabase-js does there. */
async function optIn(userId: string, given = true) {
  const { error } = await as(userId)
    .from('announcement_consents')
    .insert({ given, ...WORDING });
  expect(error).toBeNull();
}

async function send(subject = 'A live session on Thursday', body = 'Join us.', key = randomUUID()) {
  return as(OWNER).rpc('studio_send_announcement', { subject, body, request_key: key });
}

const studio = async () => {
  const { data, error } = await as(OWNER).rpc('studio_announcements');
  expect(error).toBeNull();
  return data as {
    audience: number;
    newLessons: boolean;
    announcements: Record<string, unknown>[];
  };
};

const queued = () =>
  rest.db.query<{ recipient: string }>(
    `select recipient from public.email_outbox where kind = 'announcement' order by recipient`,
  );

describe(`the learner's answer, under row-level security (${databaseKind})`, () => {
  it('lets a learner answer and read for herself only, never as an unsubscribe or for someone else', async () => {
    await optIn(ADA);
    expect(
      (
        await as(ADA)
          .from('announcement_consents')
          .insert({ given: true, user_id: BEN, ...WORDING })
      ).error,
    ).toMatchObject({ code: '42501' });
    expect(
      (
        await as(ADA)
          .from('announcement_consents')
          .insert({ given: false, source: 'unsubscribe', ...WORDING })
      ).error,
    ).not.toBeNull();
    expect(
      (
        await as()
          .from('announcement_consents')
          .insert({ given: true, ...WORDING })
      ).error,
    ).not.toBeNull();
    const { data } = await as(BEN).from('announcement_consents').select('given');
    expect(data).toEqual([]);
    expect((await as(ADA).from('announcement_consents').select('given, wording_version')).data).toEqual([
      { given: true, wording_version: 'announcements-test' },
    ]);
    expect((await as(ADA).from('announcements').select('*')).error).not.toBeNull();
  });
});

describe(`the owner's announcement (${databaseKind})`, () => {
  it('goes to those whose latest answer is yes, the owner and everyone else left out, and says how many', async () => {
    await optIn(ADA);
    await optIn(BEN);
    await optIn(BEN, false);
    await optIn(OWNER);
    expect((await studio()).audience).toBe(1);
    expect(await send()).toMatchObject({ error: null, data: { recipients: 1 } });
    expect(await queued()).toEqual([{ recipient: 'ada@example.com' }]);
  });

  it('queues nobody twice when the same send is repeated, and refuses one with nobody to send it to', async () => {
    expect(await send()).toMatchObject({
      data: null,
      error: { message: 'Nobody has asked for announcements yet, so there is no one to send it to.' },
    });
    await optIn(ADA);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send('Once', 'Only once.', key)));
    for (const answer of answers) expect(answer).toMatchObject({ error: null, data: { recipients: 1 } });
    expect(await queued()).toHaveLength(1);
    expect(await send(' ', 'text')).toMatchObject({
      error: { message: 'Write a subject of up to 150 characters.' },
    });
    expect(
      (await as(ADA).rpc('studio_send_announcement', { subject: 'x', body: 'y', request_key: key })).status,
    ).toBe(403);
  });

  it('is sent once to each of many learners by several workers at once, one by one or in batches, at a shared rate', async () => {
    const learners = Array.from({ length: 24 }, (_, i) => ({
      id: randomUUID(),
      email: `learner${i}@example.com`,
    }));
    for (const { id, email } of learners) {
      await rest.db.query(
        `insert into public.signups (email, name, consent_version, source) values ($1, 'Learner', 'v', 'test')`,
        [email],
      );
      await rest.db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
      await rest.db.query(
        `insert into public.announcement_consents (user_id, given, wording, wording_version) values ($1, true, 'w', 'v')`,
        [id],
      );
    }
    const batches: OutgoingMail[][] = [];
    const batching: MailTransport = {
      name: 'batching',
      ratePerSecond: 1000,
      maxBatchSize: 5,
      send: recording.send,
      sendBatch: (mails) => {
        batches.push([...mails]);
        sent.push(...mails);
        return Promise.resolve(
          mails.map((_, i): BatchOutcome => ({ providerId: `batch-${sent.length}-${i}` })),
        );
      },
    };
    const paced: MailTransport = { ...recording, name: 'paced', ratePerSecond: 1000 };

    for (const transport of [paced, batching]) {
      sent.length = 0;
      expect((await send(`To ${transport.name}`, 'Hello.')).data).toMatchObject({ recipients: 24 });
      const reports = await Promise.all(
        ['a', 'b', 'c', 'd'].map((worker) => deliverDue(delivery(`${transport.name}-${worker}`, transport))),
      );
      expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(24);
      expect(sent.map((mail) => mail.to).sort()).toEqual(learners.map((learner) => learner.email).sort());
      expect(await deliverDue(delivery('late', transport))).toEqual({
        sent: 0,
        retry: 0,
        dead: 0,
        rateLimited: 0,
      });
    }
    expect(batches.flat()).toHaveLength(24);
    expect(batches.every((batch) => batch.length <= 5)).toBe(true);
    const [rate] = await rest.db.query<{ providers: number }>(
      `select count(*)::int as providers from public.mail_rate where provider in ('paced', 'batching')`,
    );
    expect(rate?.providers, 'both took their slots from the shared rate').toBe(2);
  });

  it('says her words, escaped, in paragraphs, with a link into the course and both unsubscribe headers', async () => {
    await optIn(ADA);
    await send('New: <b>live</b> Q&A', 'First line\nsecond line.\n\nA <script>alert(1)</script> paragraph.');
    expect((await deliverDue(delivery())).sent).toBe(1);
    const [mail] = sent;
    expect(mail?.to).toBe('ada@example.com');
    expect(mail?.subject).toBe('New: <b>live</b> Q&A');
    expect(mail?.html).toContain(
      'First line<br>second line.<br><br>A &lt;script&gt;alert(1)&lt;/script&gt; paragraph.',
    );
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain('First line\nsecond line.\n\nA <script>alert(1)</script> paragraph.');
    expect(mail?.text).toMatch(
      /Open the course: https:\/\/lenses\.example\/course\?token_hash=[0-9a-f]{64}&type=magiclink/,
    );
    expect(mail?.text).toMatch(
      /Unsubscribe from announcements: https:\/\/lenses\.example\/unsubscribe\?token=[\w.-]+&list=announcements/,
    );
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/api\.lenses\.example\/functions\/v1\/send-email\/unsubscribe\?token=[\w.-]+&list=announcements>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a one-click POST withdraws this consent only, once, and the studio counts sent, opened and unsubscribed', async () => {
    await optIn(ADA);
    await optIn(BEN);
    await rest.db.query(
      `insert into public.reminder_consents (user_id, given, wording, wording_version) values ($1, true, 'w', 'v')`,
      [ADA],
    );
    await send();
    expect((await deliverDue(delivery())).sent).toBe(2);
    // Ben opens the course the next day.
    await rest.db.query(
      `insert into auth.sessions (user_id, created_at) values ($1, now() + interval '1 day')`,
      [BEN],
    );
    const toAda = sent.find((mail) => mail.to === 'ada@example.com');
    const oneClick = new URL(/<(.+)>/.exec(toAda?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
    for (let i = 0; i < 2; i += 1) {
      const response = await rest.app.request(`${oneClick.pathname}${oneClick.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
    }
    expect(
      await rest.db.query(
        `select given, source, announcement_id is not null as names_it from public.announcement_consents
          where user_id = $1 order by id`,
        [ADA],
      ),
    ).toEqual([
      { given: true, source: 'course-page', names_it: false },
      { given: false, source: 'unsubscribe', names_it: true },
    ]);
    expect(
      await rest.db.query(
        `select (select given from public.reminder_answers_latest where user_id = $1) as reminders,
                (select unsubscribed from public.signups where email = 'ada@example.com') as unsubscribed`,
        [ADA],
      ),
    ).toEqual([{ reminders: true, unsubscribed: false }]);
    const shown = await studio();
    expect(shown.audience).toBe(1);
    expect(shown.announcements).toEqual([
      expect.objectContaining({ recipients: 2, sent: 2, waiting: 0, failed: 0, opened: 1, unsubscribed: 1 }),
    ]);
    sent.length = 0;
    await send('Another');
    await deliverDue(delivery());
    expect(sent.map((mail) => mail.to)).toEqual(['ben@example.com']);
  });

  it('drops, unsent, one queued for a learner who says no before it goes', async () => {
    await optIn(ADA);
    await optIn(BEN);
    await send();
    await optIn(BEN, false);
    expect(await queued()).toEqual([{ recipient: 'ada@example.com' }]);
    // Withdrawn while a worker already held it: dropped when its e-mail would be made.
    await optIn(BEN);
    await send('Second');
    await rest.db.query(
      `update public.email_outbox set status = 'sending', locked_by = 'other', locked_until = now() - interval '1 second'
        where recipient = 'ben@example.com'`,
    );
    await rest.db.query(
      `insert into public.announcement_consents (user_id, given, wording, wording_version) values ($1, false, 'w', 'v')`,
      [BEN],
    );
    await deliverDue(delivery());
    expect(sent.map((mail) => mail.to).sort()).toEqual(['ada@example.com', 'ada@example.com']);
    expect(
      await rest.db.query(`select 1 from public.email_outbox where recipient = 'ben@example.com'`),
    ).toEqual([]);
  });
});

describe(`a lesson announced as it is published (${databaseKind})`, () => {
  const lesson = (published: boolean) =>
    rest.db.query<{ id: string }>(
      `insert into public.lessons (slug, title, summary, video_path, duration_seconds, order_index, is_published)
       values ('trends', 'Lens one: trends', 'How to spot them.', 'a.mp4', 60, 1, $1) returning id::text as id`,
      [published],
    );

  it('once, in her stored words, when she asked for it; not a lesson published before', async () => {
    await optIn(ADA);
    await lesson(true);
    const choice = await as(OWNER).rpc('studio_set_lesson_announcements', {
      announce: true,
      subject: 'New lesson: {lesson}',
      body: 'A new lesson is in the course: {lesson}.\n\n{summary}',
    });
    expect(choice).toMatchObject({ error: null, data: { newLessons: true } });
    expect(await queued()).toEqual([]);

    await rest.db.exec(`delete from public.lessons`);
    const [made] = await lesson(false);
    await as(OWNER).rpc('studio_set_lesson_published', { lesson_id: made?.id, published: true });
    await as(OWNER).rpc('studio_set_lesson_published', { lesson_id: made?.id, published: false });
    await as(OWNER).rpc('studio_set_lesson_published', { lesson_id: made?.id, published: true });
    expect(await queued()).toEqual([{ recipient: 'ada@example.com' }]);
    await deliverDue(delivery());
    expect(sent[0]?.subject).toBe('New lesson: Lens one: trends');
    expect(sent[0]?.text).toContain('A new lesson is in the course: Lens one: trends.\n\nHow to spot them.');
    expect((await studio()).announcements).toEqual([expect.objectContaining({ recipients: 1, sent: 1 })]);
  });
});

describe(`"Send a test to me" for an announcement (${databaseKind})`, () => {
  it('sends what she is writing, marked as a test, to her alone; queues nothing', async () => {
    await optIn(ADA);
    const { data, error } = await as(OWNER).functions.invoke('send-email/test', {
      body: { email: 'announcement', subject: 'Draft news', text: 'Not sent yet.' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, to: 'coach@example.com' });
    expect(sent).toEqual([
      expect.objectContaining({
        to: 'coach@example.com',
        subject: '[Test] Draft news',
        text: expect.stringContaining('Not sent yet.'),
      }),
    ]);
    expect(await queued()).toEqual([]);
    const empty = await as(OWNER).functions.invoke('send-email/test', {
      body: { email: 'announcement', subject: '', text: 'x' },
    });
    expect((empty.error as { context?: Response } | null)?.context?.status).toBe(400);
  });
});
