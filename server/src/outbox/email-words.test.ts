// The owner's words in the learners' e-mails, end to end on the server: what she publishes in the studio is what
// the next e-mails carry (a draft is not), placeholders filled; the database refuses a placeholder an e-mail does
// not fill; and "Send a test to me" sends her draft to her own address only, marked as a test, a few an hour.
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restCallers } from '../../test/rest-callers.ts';
import { databaseKind } from '../../test/test-database.ts';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import { deliverDue } from '../../../supabase/functions/_shared/outbox.ts';
import type { DeliveryContext } from '../../../supabase/functions/_shared/outbox-rows.ts';
import { DEFAULT_LIMITS } from '../../../supabase/functions/_shared/send-email-handler.ts';
import { queueSignInLinkEmail } from '../../../supabase/functions/_shared/sign-in-link.ts';
import { recordSignup } from '../../../supabase/functions/_shared/signup-store.ts';
import type { OutgoingMail } from '../../../supabase/functions/_shared/transports/mail-transport.ts';
import { createUnsubscribeLinks } from '../../../supabase/functions/_shared/unsubscribe.ts';
import { queuePauseReminders } from '../jobs/reminder-scheduler.ts';
import { recordingTransport } from '../../test/recording-transport.ts';
import { embeddedSignInLinks } from './embedded-sign-in-links.ts';

const SITE = 'https://lenses.example';
const OWNER = '00000000-0000-4000-8000-0000000000e1';
const LEARNER = '00000000-0000-4000-8000-0000000000e2';
const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** Every e-mail handed to the mail provider, the outbox's and the studio's tests alike. */
const { transport: recording, sent } = recordingTransport();

const rest = restCallers({ [OWNER]: 'Coach@Example.com', [LEARNER]: 'learner@example.com' }, async () => ({
  testMail: recording,
}));
const { as } = rest;

beforeAll(() =>
  rest.db.query("insert into public.owners (email) values ('coach@example.com') on conflict do nothing"),
);
beforeEach(async () => {
  await rest.db.exec(
    `truncate public.email_outbox, public.signups, public.mail_rate restart identity cascade;
     update public.site_words_draft set words = '{}'`,
  );
  sent.length = 0;
});

const delivery = (): DeliveryContext => ({
  db: rest.db,
  transport: recording,
  log: quiet,
  mailFrom: 'Three Lenses <course@lenses.example>',
  signInLinks: embeddedSignInLinks(rest.db, SITE),
  unsubscribeLinks: createUnsubscribeLinks(rest.db, { siteUrl: SITE, apiUrl: 'https://api.lenses.example' }),
  siteUrl: SITE,
  workerId: 'worker-a',
});

/** A sign-up's course e-mail, as the outbox sends it. */
async function courseEmailTo(email: string): Promise<OutgoingMail | undefined> {
  await recordSignup(
    rest.db,
    { name: 'Ada Lovelace', email },
    { source: 'test', perAddress: DEFAULT_LIMITS.perAddress },
  );
  await deliverDue(delivery());
  return sent.findLast((mail) => mail.to === email);
}

const owner = () => as(OWNER);
const saveDraft = async (words: Record<string, string>) => {
  const { error } = await owner().rpc('studio_save_site_words', { words });
  expect(error).toBeNull();
};
const publish = async () => expect((await owner().rpc('studio_publish_site_words')).error).toBeNull();

describe(`the owner's words in the e-mails (${databaseKind})`, () => {
  it('sends what she published, not her draft, and keeps the link, the code and why it came', async () => {
    await saveDraft({
      'email.course.subject': 'Your course is here',
      'email.course.intro': 'Welcome aboard.',
    });
    const drafted = await courseEmailTo('first@example.com');
    expect(drafted?.subject).toBe('Your free Three Lenses course is ready to watch');

    await publish();
    const published = await courseEmailTo('second@example.com');
    expect(published?.subject).toBe('Your course is here');
    expect(published?.text).toContain('Welcome aboard.');
    expect(published?.text).toMatch(/^Watch the course: https:\/\/lenses\.example\/course\?token_hash=/m);
    expect(published?.text).toMatch(/Or sign in on any device with this code: \d{6}/);
    expect(published?.text).toContain('You are receiving this e-mail because you signed up');
    expect(published?.html).toContain('Welcome aboard.');

    // The pages carry only the page's words; the e-mails' are the core's.
    expect((await as().rpc('published_site_words')).data).toEqual({});
    expect((await as().rpc('published_email_words')).status).toBe(401);
  });

  it('sends a new sign-in link in her published words', async () => {
    await saveDraft({
      'email.signIn.subject': 'Here is your way back in',
      'email.signIn.buttonLabel': 'Back in',
    });
    await publish();
    await recordSignup(
      rest.db,
      { name: 'Ada', email: 'ada@example.com' },
      { source: 'test', perAddress: DEFAULT_LIMITS.perAddress },
    );
    await queueSignInLinkEmail(rest.db, 'ada@example.com');
    await deliverDue(delivery());
    const link = sent.find((mail) => mail.subject === 'Here is your way back in');
    expect(link?.text).toMatch(/^Back in: https:\/\/lenses\.example\/course\?token_hash=/m);
  });

  it('sends the reminder in her published words, with the lesson, where they stopped and what is left', async () => {
    await saveDraft({
      'email.reminder.subject': '{left} to go: {lesson}',
      'email.reminder.introStopped': 'You were {position} into "{lesson}".',
      'email.reminder.leftMany': 'Only {left} more.',
      'email.reminder.closing': 'See you there.',
    });
    await publish();
    await rest.db.exec('truncate public.lessons restart identity cascade');
    const [lesson] = await rest.db.query<{ id: string }>(
      `insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published) values
         ('trends', 'Lens one: trends', 'a.mp4', 600, 1, true), ('dreams', 'Lens two: dreams', 'b.mp4', 600, 2, true)
       returning id::text as id`,
    );
    const learner = randomUUID();
    await rest.db.query(
      `insert into public.signups (email, name, consent_version, source) values ('ben@example.com', 'Ben', 'v', 'test')`,
    );
    await rest.db.query("insert into auth.users (id, email) values ($1, 'ben@example.com')", [learner]);
    await rest.db.query(
      `insert into public.reminder_consents (user_id, given, wording, wording_version)
       values ($1, true, 'E-mail me if I pause for a week.', 'test')`,
      [learner],
    );
    await rest.db.query(
      'insert into public.lesson_progress (user_id, lesson_id, position_seconds) values ($1, $2, 134)',
      [learner, lesson?.id],
    );
    // A week and a bit later, on the scheduler's clock.
    expect(await queuePauseReminders(rest.db, new Date(Date.now() + 7.1 * 24 * 60 * 60 * 1000))).toBe(1);
    await deliverDue(delivery());
    const [reminder] = sent;
    expect(reminder?.subject).toBe('2 to go: Lens one: trends');
    expect(reminder?.text).toContain('You were 2:14 into "Lens one: trends". Only 2 more.');
    expect(reminder?.text).toContain('See you there.');
    expect(reminder?.text).toContain('Unsubscribe from reminders: ');
    expect(reminder?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/api\.lenses\.example\//);
  });

  it('refuses a placeholder an e-mail does not fill in, naming it, and keeps the draft as it was', async () => {
    const refusals: [Record<string, string>, string][] = [
      [
        { 'email.reminder.subject': 'Back to {lessons}' },
        'email.reminder.subject may not use {lessons}: it can use {lesson}, {left}.',
      ],
      [
        { 'email.reminder.introNotStarted': 'Next: {lesson' },
        'email.reminder.introNotStarted may not use {lesson: it can use {lesson}, {left}.',
      ],
      [
        { 'email.reminder.introNotStarted': 'At {position} in {lesson}' },
        'email.reminder.introNotStarted may not use {position}: it can use {lesson}, {left}.',
      ],
      [
        { 'email.course.intro': 'Start with {lesson}.' },
        'email.course.intro may not use {lesson}: this e-mail fills in nothing in braces.',
      ],
      [{ 'email.course.subject': 'Two\nlines' }, 'email.course.subject must be one line.'],
    ];
    for (const [words, message] of refusals) {
      expect(await owner().rpc('studio_save_site_words', { words }), message).toMatchObject({
        status: 400,
        error: { message },
      });
    }
    expect(await rest.db.query('select words from public.site_words_draft')).toEqual([{ words: {} }]);
    await saveDraft({ 'email.reminder.introStopped': 'At {position} in {lesson}, {left} left.' });
  });
});

describe(`"Send a test to me" (${databaseKind})`, () => {
  const test = (userId: string | undefined, email: string) =>
    as(userId).functions.invoke('send-email/test', { body: { email } });

  it('sends her draft, marked as a test, to her own address only', async () => {
    await saveDraft({ 'email.course.subject': 'Draft subject', 'email.course.intro': 'Draft opening.' });
    const { data, error } = await test(OWNER, 'course');
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, to: 'coach@example.com' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'coach@example.com',
      from: 'Three Lenses <course@lenses.example>',
      subject: '[Test] Draft subject',
    });
    expect(sent[0]?.text).toContain('Draft opening.');
    expect(sent[0]?.text).toContain('Or sign in on any device with this code: 123456');
    // Nothing was queued for anyone, and the published words are as they were.
    expect(await rest.db.query('select 1 from public.email_outbox')).toEqual([]);
    expect((await owner().rpc('studio_site_words')).data).toMatchObject({ published: {} });

    const reminder = await test(OWNER, 'reminder');
    expect(reminder.error).toBeNull();
    expect(sent[1]?.subject).toBe('[Test] Your next lesson is waiting: Lens one: trends');
  });

  it('refuses a learner (403) and a visitor (401), and an e-mail it does not know (400), sending nothing', async () => {
    const learner = await test(LEARNER, 'course');
    expect((learner.error as { context?: Response } | null)?.context?.status).toBe(403);
    const visitor = await test(undefined, 'course');
    expect((visitor.error as { context?: Response } | null)?.context?.status).toBe(401);
    const unknown = await test(OWNER, 'welcome');
    expect((unknown.error as { context?: Response } | null)?.context?.status).toBe(400);
    expect(sent).toEqual([]);
  });

  it('sends her a few an hour, then says to wait', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push(await test(OWNER, 'signIn'));
    const statuses = answers.map(
      (answer) => (answer.error as { context?: Response } | null)?.context?.status ?? 200,
    );
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
    expect(await (answers.at(-1)?.error as { context: Response }).context.json()).toEqual({
      error: 'You can send 5 tests an hour: try again later.',
    });
  });
});
