// One learner's page in the studio through REST as supabase-js calls it: what the course knows of her, the course
// e-mail sent again under its limits, and her address corrected so that the old one stops working everywhere.
import { beforeAll, describe, expect, it } from 'vitest';
import { issueMagicLinkToken } from '../../auth/one-time-tokens.ts';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

const OWNER = '00000000-0000-4000-8000-0000000000e1';
const LEARNER = '00000000-0000-4000-8000-0000000000e2';

const rest = restCallers({ [OWNER]: 'coach@example.com', [LEARNER]: 'Ada@Exampel.com' });
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    insert into public.signups (id, email, name, consent_version, source, first_signed_up_at, last_signed_up_at,
                                signup_count, last_email_queued_at, course_emails_queued_at) values
      (1, 'Ada@Exampel.com', 'Ada Lovelace', 'v1', 'embedded', '2026-11-01T09:00:00Z', '2026-11-02T09:00:00Z', 2,
       now() - interval '2 hours', array[now() - interval '2 hours']),
      (2, 'bob@example.com', 'Bob', 'v1', 'embedded', '2026-11-03T09:00:00Z', '2026-11-03T09:00:00Z', 1, null, '{}'),
      (9, 'coach@example.com', 'The coach', 'v1', 'owner', '2026-11-09T00:00:00Z', '2026-11-09T00:00:00Z', 1,
       null, '{}');
    insert into public.email_outbox (id, signup_id, recipient, kind, status, last_error, provider, created_at,
                                     sent_at) values
      (1, 1, 'Ada@Exampel.com', 'course-access', 'dead', 'SMTP 550: no such mailbox', 'smtp', '2026-11-01T09:00:00Z',
       null),
      (2, 1, 'Ada@Exampel.com', 'sign-in-link', 'sent', null, 'file', '2026-11-02T09:00:00Z', '2026-11-02T09:00:05Z'),
      (3, 1, 'Ada@Exampel.com', 'sign-in-link', 'pending', null, null, '2026-11-02T10:00:00Z', null);
    select setval(pg_get_serial_sequence('public.email_outbox', 'id'), 100);
    insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published) values
      (1, 'one', 'One', 'one.mp4', 60, 1, true), (2, 'two', 'Two', 'two.mp4', 90, 2, true),
      (3, 'three', 'Three', 'three.mp4', 60, 3, true), (4, 'draft', 'Draft', 'draft.mp4', 60, 4, false);
    insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at, updated_at) values
      ('${LEARNER}', 1, 60, '2026-11-05T00:00:00Z', '2026-11-05T00:00:00Z'),
      ('${LEARNER}', 2, 30, null, '2026-11-06T00:00:00Z');
    update auth.users set last_sign_in_at = '2026-11-04T00:00:00Z' where id = '${LEARNER}';
    insert into public.course_feedback (user_id, rating, comment) values ('${LEARNER}', 4, '=SUM(A1) was useful');
    insert into public.reminder_consents (user_id, given, wording, wording_version, created_at) values
      ('${LEARNER}', true, 'Yes.', 'v-one', '2026-11-04T00:00:00Z'),
      ('${LEARNER}', false, 'No.', 'v-one', '2026-11-05T00:00:00Z');
    insert into public.announcements (id, subject, body, recipients) values (1, 'Lesson four is out', 'Hello.', 1);
    insert into public.announcement_consents (user_id, given, wording, wording_version, source, announcement_id,
                                              created_at) values
      ('${LEARNER}', true, 'E-mail me when new lessons are added.', 'announcements-2026-12', 'course-page', null,
       '2026-11-04T01:00:00Z'),
      ('${LEARNER}', false, 'E-mail me when new lessons are added.', 'announcements-2026-12', 'unsubscribe', 1,
       '2026-11-06T00:00:00Z');
  `);
});

const verifyLink = (tokenHash: string) =>
  rest.app.request('/auth/v1/verify', {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'magiclink', token_hash: tokenHash }),
  });

describe(`one learner's page in the studio (${databaseKind})`, () => {
  it('refuses a learner (403) and a visitor (401) the page and its jobs, and changes nothing', async () => {
    const calls = [
      ['studio_learner', { learner_id: 1 }],
      ['studio_resend_course_email', { learner_id: 1 }],
      ['studio_change_learner_email', { learner_id: 1, new_address: 'ada@example.com' }],
    ] as const;
    for (const [name, args] of calls) {
      expect(await as(LEARNER).rpc(name, args)).toMatchObject({ data: null, status: 403 });
      expect(await as().rpc(name, args)).toMatchObject({ data: null, status: 401 });
    }
    expect(await rest.db.query('select email from public.signups where id = 1')).toEqual([
      { email: 'Ada@Exampel.com' },
    ]);
    expect(await rest.db.query('select count(*)::int as n from public.email_outbox')).toEqual([{ n: 3 }]);
  });

  it('shows her sign-up, each published lesson, her finish, rating, e-mails and her answers on reminders and announcements', async () => {
    const { data, error } = await as(OWNER).rpc('studio_learner', { learner_id: 1 });
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1,
      email: 'Ada@Exampel.com',
      name: 'Ada Lovelace',
      source: 'embedded',
      first_signed_up_at: '2026-11-01T09:00:00+00:00',
      last_signed_up_at: '2026-11-02T09:00:00+00:00',
      signup_count: 2,
      last_sign_in_at: '2026-11-04T00:00:00+00:00',
      finished_at: null,
      lessons: [
        {
          title: 'One',
          duration_seconds: 60,
          position_seconds: 60,
          completed_at: '2026-11-05T00:00:00+00:00',
          updated_at: expect.any(String),
        },
        {
          title: 'Two',
          duration_seconds: 90,
          position_seconds: 30,
          completed_at: null,
          updated_at: expect.any(String),
        },
        {
          title: 'Three',
          duration_seconds: 60,
          position_seconds: null,
          completed_at: null,
          updated_at: null,
        },
      ],
      feedback: { rating: 4, comment: '=SUM(A1) was useful', created_at: expect.any(String) },
      emails: [
        expect.objectContaining({ id: 3, kind: 'sign-in-link', status: 'pending', provider: null }),
        expect.objectContaining({
          id: 2,
          kind: 'sign-in-link',
          status: 'sent',
          provider: 'file',
          sent_at: '2026-11-02T09:00:05+00:00',
        }),
        expect.objectContaining({
          id: 1,
          kind: 'course-access',
          recipient: 'Ada@Exampel.com',
          status: 'dead',
          last_error: 'SMTP 550: no such mailbox',
          sent_at: null,
        }),
      ],
      reminder_answers: [
        {
          given: false,
          wording_version: 'v-one',
          source: 'course-page',
          created_at: '2026-11-05T00:00:00+00:00',
        },
        {
          given: true,
          wording_version: 'v-one',
          source: 'course-page',
          created_at: '2026-11-04T00:00:00+00:00',
        },
      ],
      announcement_answers: [
        {
          given: false,
          wording: 'E-mail me when new lessons are added.',
          wording_version: 'announcements-2026-12',
          source: 'unsubscribe',
          announcement_subject: 'Lesson four is out',
          created_at: '2026-11-06T00:00:00+00:00',
        },
        {
          given: true,
          wording: 'E-mail me when new lessons are added.',
          wording_version: 'announcements-2026-12',
          source: 'course-page',
          announcement_subject: null,
          created_at: '2026-11-04T01:00:00+00:00',
        },
      ],
      address_changes: [],
    });
    // A learner who never opened the course: no account, so no lessons watched, no e-mails, no answers.
    const bob = await as(OWNER).rpc('studio_learner', { learner_id: 2 });
    expect(bob.data).toMatchObject({
      last_sign_in_at: null,
      feedback: null,
      emails: [],
      reminder_answers: [],
      announcement_answers: [],
    });
    expect(bob.data.lessons.map((lesson: { completed_at: null }) => lesson.completed_at)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('is no page for an owner, nor for nobody', async () => {
    for (const learner_id of [9, 404]) {
      expect(await as(OWNER).rpc('studio_learner', { learner_id })).toMatchObject({
        status: 400,
        error: { message: 'That learner is not here any more: they may have been erased.' },
      });
    }
    expect(await as(OWNER).rpc('studio_resend_course_email', { learner_id: 9 })).toMatchObject({
      status: 400,
    });
  });

  it('resends the course e-mail, then not again within 10 minutes, and at most 3 a day', async () => {
    const { data, error } = await as(OWNER).rpc('studio_resend_course_email', { learner_id: 1 });
    expect(error).toBeNull();
    expect(data).toEqual({ outbox_id: expect.any(Number), recipient: 'Ada@Exampel.com' });
    expect(
      await rest.db.query('select kind, recipient, status from public.email_outbox where id = $1', [
        data.outbox_id,
      ]),
    ).toEqual([{ kind: 'course-access', recipient: 'Ada@Exampel.com', status: 'pending' }]);
    expect(await as(OWNER).rpc('studio_resend_course_email', { learner_id: 1 })).toMatchObject({
      status: 400,
      error: {
        message:
          'A course e-mail went to Ada@Exampel.com less than 10 minutes ago: give it a few minutes to arrive.',
      },
    });
    await rest.db.exec(`update public.signups
                           set last_email_queued_at = now() - interval '1 hour',
                               course_emails_queued_at = array[now() - interval '3 hours', now() - interval '2 hours',
                                                               now() - interval '1 hour']
                         where id = 1`);
    expect(await as(OWNER).rpc('studio_resend_course_email', { learner_id: 1 })).toMatchObject({
      status: 400,
      error: {
        message: 'Ada@Exampel.com has had 3 course e-mails in the last 24 hours: try again tomorrow.',
      },
    });
    expect(
      await rest.db.query(`select count(*)::int as n from public.email_outbox where kind = 'course-access'`),
    ).toEqual([{ n: 2 }]);
  });

  it('refuses an address that is not one, hers already, an owner’s or another learner’s', async () => {
    const change = (new_address: string) =>
      as(OWNER).rpc('studio_change_learner_email', { learner_id: 1, new_address });
    const refusals = {
      'ada@': 'That is not an e-mail address we can send to.',
      'ada lovelace@example.com': 'That is not an e-mail address we can send to.',
      ' ADA@exampel.com ': 'That is already their address.',
      'Coach@Example.com': 'That is an owner’s address.',
      'BOB@example.com': 'Someone else has signed up with BOB@example.com: erase one of the two first.',
    };
    for (const [address, message] of Object.entries(refusals))
      expect(await change(address), address).toMatchObject({ status: 400, error: { message } });
    expect(await rest.db.query('select email from public.signups where id = 1')).toEqual([
      { email: 'Ada@Exampel.com' },
    ]);
  });

  it('corrects her address: she keeps her account, the old address’s links, codes and sessions stop working, the new one gets the course e-mail', async () => {
    const mailedLink = await issueMagicLinkToken(rest.db, 'ada@exampel.com');
    expect((await as(LEARNER).from('lesson_progress').select('lesson_id')).status).toBe(200);

    const { data, error } = await as(OWNER).rpc('studio_change_learner_email', {
      learner_id: 1,
      new_address: ' Ada@EXAMPLE.com ',
    });
    expect(error).toBeNull();
    expect(data).toEqual({ email: 'Ada@example.com', outbox_id: expect.any(Number) });

    // The old address: its mailed link and code are refused, her session ended, a new link asked for it finds
    // nobody.
    expect(await verifyLink(mailedLink.token)).toMatchObject({ status: 403 });
    const code = await rest.app.request('/auth/v1/verify', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'email', email: 'ada@exampel.com', token: mailedLink.code }),
    });
    expect(code.status).toBe(403);
    expect(await as(LEARNER).from('lesson_progress').select('lesson_id')).toMatchObject({ status: 401 });
    expect(
      await rest.db.query(`select count(*)::int as n from auth.sessions where user_id = '${LEARNER}'`),
    ).toEqual([{ n: 0 }]);
    const asked = await rest.app.request('/auth/v1/otp', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@exampel.com', create_user: false }),
    });
    expect(asked.status).toBe(200);
    // Waiting e-mails to the old address are not sent; the sent and failed ones stay as her history.
    expect(
      await rest.db.query(
        'select id::int as id, kind, recipient, status from public.email_outbox where signup_id = 1 order by id',
      ),
    ).toEqual([
      { id: 1, kind: 'course-access', recipient: 'Ada@Exampel.com', status: 'dead' },
      { id: 2, kind: 'sign-in-link', recipient: 'Ada@Exampel.com', status: 'sent' },
      { id: data.outbox_id, kind: 'course-access', recipient: 'Ada@example.com', status: 'pending' },
    ]);

    // The new address's link (made as the worker makes it when sending) signs her own account in.
    const newLink = await issueMagicLinkToken(rest.db, 'Ada@example.com');
    const signedIn = await verifyLink(newLink.token);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { id: LEARNER, email: 'Ada@example.com' } });

    const page = await as(OWNER).rpc('studio_learner', { learner_id: 1 });
    expect(page.data).toMatchObject({
      email: 'Ada@example.com',
      lessons: [{ completed_at: '2026-11-05T00:00:00+00:00' }, { position_seconds: 30 }, {}],
      feedback: { rating: 4 },
      address_changes: [
        {
          old_email: 'Ada@Exampel.com',
          new_email: 'Ada@example.com',
          changed_by: 'coach@example.com',
          changed_at: expect.any(String),
        },
      ],
    });
  });

  it('exports every learner with her progress and latest answers and no owner; erasing an old address erases its record', async () => {
    const { data } = await as(OWNER).rpc('studio_signup_rows');
    expect(data.map((row: { email: string }) => row.email)).toEqual(['Ada@example.com', 'bob@example.com']);
    expect(data[0]).toMatchObject({
      lessons_watched: 1,
      finished_at: null,
      rating: 4,
      comment: '=SUM(A1) was useful',
      reminders: false,
      reminders_answered_at: '2026-11-05T00:00:00+00:00',
      announcements: false,
      announcements_answered_at: '2026-11-06T00:00:00+00:00',
      announcements_wording_version: 'announcements-2026-12',
    });
    expect(Date.parse(data[0].last_active_at)).toBeGreaterThan(Date.parse('2026-11-04'));
    expect(data[1]).toMatchObject({
      lessons_watched: 0,
      last_active_at: null,
      rating: null,
      comment: null,
      announcements: false,
      announcements_answered_at: null,
      announcements_wording_version: null,
    });

    await as(OWNER).rpc('studio_erase_learner', { address: 'ada@exampel.com' });
    expect(await rest.db.query('select count(*)::int as n from public.learner_address_changes')).toEqual([
      { n: 0 },
    ]);
    expect(await rest.db.query('select email from public.signups where id = 1')).toEqual([
      { email: 'Ada@example.com' },
    ]);
  });
});
