// The studio's Learners and Outbox functions through REST as supabase-js calls them: an owner gets the data and
// does the work; a learner and a visitor are refused and get nothing.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { erasureHasher } from '../../db/erasures.ts';
import { startErasureFinisher } from '../../jobs/erasure-finisher.ts';
import type { LogLine } from '../../../../supabase/functions/_shared/log.ts';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const OWNER = '00000000-0000-4000-8000-0000000000d1';
const LEARNER = '00000000-0000-4000-8000-0000000000d2';

const rest = restCallers({ [OWNER]: 'coach@example.com', [LEARNER]: 'Ada@Example.com' });
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    insert into public.signups (id, email, name, consent_version, source, first_signed_up_at) values
      (1, 'ada@example.com', 'Ada 100% _sure_', 'v1', 'embedded', '2026-11-01T00:00:00Z'),
      (9, 'Coach@example.com', 'The coach', 'v1', 'owner', '2026-11-09T00:00:00Z'),
      (2, 'bo''b@example.com', 'Bob', 'v1', 'embedded', '2026-11-02T00:00:00Z'),
      (3, 'cy@example.com', 'Cy', 'v1', 'embedded', '2026-11-03T00:00:00Z');
    insert into public.email_outbox (id, signup_id, recipient, status, attempts, last_error, provider, created_at)
      values
      (1, 1, 'ada@example.com', 'sent', 1, null, 'file', '2026-11-01T00:00:00Z'),
      (2, 2, 'bo''b@example.com', 'dead', 8, 'SMTP 550: mailbox unavailable', 'smtp', '2026-11-02T00:00:00Z'),
      (3, 3, 'cy@example.com', 'dead', 8, 'Resend 422', null, '2026-11-03T00:00:00Z');
    insert into public.lessons (id, slug, title, video_path, duration_seconds, order_index, is_published) values
      (1, 'one', 'One', 'one.mp4', 60, 1, true), (2, 'two', 'Two', 'two.mp4', 60, 2, true),
      (3, 'draft', 'Draft', 'draft.mp4', 60, 3, false);
    insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at, updated_at) values
      ('${LEARNER}', 1, 60, '2026-11-05T00:00:00Z', '2026-11-05T00:00:00Z'),
      ('${LEARNER}', 2, 10, null, '2026-11-06T00:00:00Z');
    update auth.users set last_sign_in_at = '2026-11-04T00:00:00Z';
    insert into public.course_feedback (user_id, rating) values ('${LEARNER}', 5);
    insert into public.reminder_consents (user_id, given, wording, wording_version)
      values ('${LEARNER}', true, 'Yes.', 'v-test');
  `);
});

describe(`the studio's learners and outbox through REST (${databaseKind})`, () => {
  it('refuses a learner (403) and a visitor (401) every studio function, and changes nothing', async () => {
    const calls = [
      ['studio_learners', { search: '' }],
      ['studio_signup_rows', {}],
      ['studio_erase_learner', { address: 'cy@example.com' }],
      ['studio_outbox', {}],
      ['studio_outbox_emails', { search: '' }],
      ['studio_retry_email', { id: 3 }],
    ] as const;
    for (const [name, args] of calls) {
      expect(await as(LEARNER).rpc(name, args)).toMatchObject({ data: null, status: 403 });
      expect(await as().rpc(name, args)).toMatchObject({ data: null, status: 401 });
    }
    expect(await rest.db.query('select count(*)::int as n from public.signups')).toEqual([{ n: 4 }]);
    expect(await rest.db.query(`select status from public.email_outbox where id = 3`)).toEqual([
      { status: 'dead' },
    ]);
  });

  it('lists learners (owners aside) newest first with their course e-mail and the transport that took it, activity and progress', async () => {
    const { data, error } = await as(OWNER).rpc('studio_learners', { search: '' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ total: 3, published_lessons: 2 });
    expect(data.learners.map((row: { email: string }) => row.email)).toEqual([
      'cy@example.com',
      "bo'b@example.com",
      'ada@example.com',
    ]);
    expect(data.learners[2]).toMatchObject({
      name: 'Ada 100% _sure_',
      course_email: 'sent',
      course_email_provider: 'file',
      lessons_watched: 1,
      percent_complete: 50,
      reminders: true,
    });
    // The latest of the last sign-in and the last progress (written now, by the database's clock).
    expect(new Date(data.learners[2].last_active_at).getTime()).toBeGreaterThan(Date.parse('2026-11-04'));
    expect(data.learners[0]).toMatchObject({
      course_email: 'dead',
      course_email_provider: null,
      last_active_at: null,
      lessons_watched: 0,
    });
  });

  it('takes the search as plain text: % _ and quotes match only themselves, in any letter case', async () => {
    const emails = async (search: string) =>
      ((await as(OWNER).rpc('studio_learners', { search })).data.learners as { email: string }[]).map(
        (row) => row.email,
      );
    expect(await emails('%')).toEqual(['ada@example.com']);
    expect(await emails('_SURE_')).toEqual(['ada@example.com']);
    expect(await emails("O'B")).toEqual(["bo'b@example.com"]);
    expect(await emails('_')).toEqual(['ada@example.com']);
    expect(await emails("' or 1=1 --")).toEqual([]);
  });

  it('gives the owner the rows of `signups export`, every learner as the tool exports them, owners aside', async () => {
    const { data } = await as(OWNER).rpc('studio_signup_rows');
    expect(data.map((row: { email: string }) => row.email)).toEqual([
      'ada@example.com',
      "bo'b@example.com",
      'cy@example.com',
    ]);
    expect(data[0]).toMatchObject({
      id: 1,
      name: 'Ada 100% _sure_',
      reminders: true,
      unsubscribed: false,
      lessons_watched: 1,
      rating: 5,
      comment: null,
    });
  });

  it('shows the outbox and puts one dead e-mail back in the queue; a second retry of it is refused', async () => {
    const { data } = await as(OWNER).rpc('studio_outbox');
    expect(data.counts).toEqual([
      { status: 'pending', count: 0 },
      { status: 'sending', count: 0 },
      { status: 'sent', count: 1 },
      { status: 'dead', count: 2 },
    ]);
    expect(data.dead).toMatchObject([
      { id: 3, recipient: 'cy@example.com', kind: 'course-access', attempts: 8, last_error: 'Resend 422' },
      { id: 2, last_error: 'SMTP 550: mailbox unavailable' },
    ]);
    expect(await as(OWNER).rpc('studio_retry_email', { id: 3 })).toMatchObject({ data: { ids: [3] } });
    expect(await rest.db.query(`select status, attempts from public.email_outbox where id = 3`)).toEqual([
      { status: 'pending', attempts: 0 },
    ]);
    expect(await as(OWNER).rpc('studio_retry_email', { id: 3 })).toMatchObject({
      status: 400,
      error: { message: 'That e-mail is not waiting for a retry any more.' },
    });
  });

  it('lists every e-mail on record newest first with its outcome, and finds one by a piece of its address', async () => {
    await rest.db.exec(`
      update public.email_outbox
         set provider = 'file', provider_id = '/data/mail/1-course-access-1.eml', sent_at = '2026-11-01T00:00:05Z'
       where id = 1;
      insert into public.email_outbox
        (id, signup_id, kind, recipient, status, attempts, provider, provider_id, created_at, sent_at)
      values (4, 3, 'sign-in-link', 'cy@example.com', 'sent', 1, 'resend', 're_4', '2026-11-04T00:00:00Z',
              '2026-11-04T00:00:02Z');`);
    const { data, error } = await as(OWNER).rpc('studio_outbox_emails', { search: '' });
    expect(error).toBeNull();
    expect(data.total).toBe(4);
    expect(data.emails).toEqual([
      {
        id: 4,
        kind: 'sign-in-link',
        recipient: 'cy@example.com',
        status: 'sent',
        attempts: 1,
        last_error: null,
        provider: 'resend',
        provider_id: 're_4',
        created_at: expect.stringMatching(/^2026-11-04T00:00:00/),
        sent_at: expect.stringMatching(/^2026-11-04T00:00:02/),
      },
      // Put back in the queue by the retry above: waiting, its last error kept.
      expect.objectContaining({ id: 3, status: 'pending', last_error: 'Resend 422', sent_at: null }),
      expect.objectContaining({ id: 2, status: 'dead', last_error: 'SMTP 550: mailbox unavailable' }),
      expect.objectContaining({ id: 1, status: 'sent', provider: 'file' }),
    ]);
    const found = async (search: string) =>
      ((await as(OWNER).rpc('studio_outbox_emails', { search })).data.emails as { id: number }[]).map(
        (row) => row.id,
      );
    expect(await found(' CY@')).toEqual([4, 3]);
    expect(await found("O'B")).toEqual([2]);
    expect(await found('%')).toEqual([]);
    expect(await as(OWNER).rpc('studio_outbox_emails', { search: 'a'.repeat(321) })).toMatchObject({
      status: 400,
      error: { message: 'Search for at most 320 characters: an address is never longer.' },
    });
    await rest.db.exec(`delete from public.email_outbox where id = 4`);
  });

  it('erases a learner and everything of theirs; the server’s clock finishes the record, the mailbox and the note', async () => {
    const { data, error } = await as(OWNER).rpc('studio_erase_learner', { address: 'ADA@example.com' });
    expect(error).toBeNull();
    expect(data).toEqual({
      signups: 1,
      outbox: 1,
      accounts: 1,
      progress: 2,
      feedback: 1,
      reminder_answers: 1,
    });
    const left = await rest.db.query(`
      select (select count(*) from public.signups where email = 'ada@example.com')::int as signups,
             (select count(*) from public.email_outbox where recipient = 'ada@example.com')::int as outbox,
             (select count(*) from auth.users where id = '${LEARNER}')::int as accounts,
             (select count(*) from auth.sessions where user_id = '${LEARNER}')::int as sessions,
             (select count(*) from public.lesson_progress)::int as progress,
             (select count(*) from public.course_feedback)::int as feedback,
             (select count(*) from public.reminder_consents)::int as reminder_answers`);
    expect(left).toEqual([
      { signups: 0, outbox: 0, accounts: 0, sessions: 0, progress: 0, feedback: 0, reminder_answers: 0 },
    ]);
    expect(await rest.db.query('select address from public.erasures_to_finish')).toEqual([
      { address: 'ada@example.com' },
    ]);
    // The server's part, as its clock runs it: the keyed record, the .eml files, the note gone, tables compacted.
    const mailFolder = await mkdtemp(path.join(os.tmpdir(), 'studio-erase-mail-'));
    const eml = (to: string) => `From: course@localhost\nTo: ${to}\nSubject: Your course\n\nHi,\n`;
    await writeFile(path.join(mailFolder, '1-course-access-1.eml'), eml('Ada@Example.com'));
    await writeFile(path.join(mailFolder, '2-course-access-2.eml'), eml('cy@example.com'));
    const hasher = erasureHasher('a-log-key-for-tests-only-0123456789');
    const lines: LogLine[] = [];
    const log = { info: (line: LogLine) => lines.push(line), warn: () => {}, error: () => {} };
    await startErasureFinisher(rest.db, log, { hasher, mailFolder, intervalSeconds: 3600 }).stop();
    expect(lines).toEqual([{ event: 'erasures.finished', count: 1, files: 1, not_compacted: 0 }]);
    expect(await readdir(mailFolder)).toEqual(['2-course-access-2.eml']);
    expect(await rest.db.query('select address_hash, key_id from public.erasures')).toEqual([
      { address_hash: hasher.hash('ada@example.com'), key_id: hasher.keyId },
    ]);
    expect(await rest.db.query('select address from public.erasures_to_finish')).toEqual([]);
    expect(await as(OWNER).rpc('studio_erase_learner', { address: ' COACH@example.com' })).toMatchObject({
      status: 400,
      error: { message: expect.stringMatching(/^That is an owner’s address/) },
    });
    expect(await rest.db.query(`select count(*)::int as n from auth.users where id = '${OWNER}'`)).toEqual([
      { n: 1 },
    ]);
    expect(await as(OWNER).rpc('studio_erase_learner', { address: 'not an address' })).toMatchObject({
      status: 400,
      error: { message: 'That is not an e-mail address.' },
    });
  });
});
