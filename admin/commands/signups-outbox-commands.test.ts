import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createAdminRunner, TEST_LOG_KEY } from '../test/admin-runner.ts';
import { addressHasher } from '../../supabase/functions/_shared/log.ts';
import { erasureHasher } from '../erasures.ts';
import { createTestApp, signedInToken } from '../../server/test/test-app.ts';
import { appClient } from '../../server/test/supabase-client.ts';
import { signupRows, signupsCsv } from '../../src/lib/signups-csv.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';

let db: Database;
let files: string;
beforeAll(async () => {
  db = await createTestDatabase();
  files = await mkdtemp(path.join(os.tmpdir(), 'exports-'));
});
afterAll(() => db.close());

const HOSTILE_NAME = '=HYPERLINK("http://evil.example","Click"), "me"\nplease';

/** Three people and their e-mails, as the send-email core writes them. */
async function seedSignups() {
  await db.exec(
    'truncate public.signups, public.email_outbox, public.lessons, auth.users, public.erasures, public.owners restart identity cascade',
  );
  await db.query(
    `insert into public.signups (email, name, consent_version, source, first_signed_up_at, last_signed_up_at, signup_count, unsubscribed)
     values ('ada@example.com', 'Ada Lovelace', 'v1', 'embedded', '2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z', 1, false),
            ('Bob@Example.com', $1, 'v1', 'supabase-edge', '2026-11-10T12:30:00Z', '2026-11-20T08:15:00Z', 2, false),
            ('cy@example.com', '+Cy @Home', 'v1', 'embedded', '2026-11-15T00:00:00Z', '2026-11-15T00:00:00Z', 1, true)`,
    [HOSTILE_NAME],
  );
  await db.exec(`insert into public.email_outbox (signup_id, recipient, status, attempts, next_attempt_at, last_error, created_at, sent_at) values
    (1, 'ada@example.com', 'sent', 1, '2026-11-01T09:00:00Z', null, '2026-11-01T09:00:00Z', '2026-11-01T09:00:05Z'),
    (2, 'Bob@Example.com', 'dead', 8, '2026-11-11T00:00:00Z', 'SMTP 550: mailbox unavailable', '2026-11-10T12:30:00Z', null),
    (2, 'Bob@Example.com', 'pending', 0, '2026-11-20T08:15:00Z', null, '2026-11-20T08:15:00Z', null),
    (3, 'cy@example.com', 'dead', 8, '2026-11-16T00:00:00Z', 'Resend 422:
  invalid "to"', '2026-11-15T00:00:00Z', null)`);
}

/**
 * Course accounts for Ada and Bob (typed as Bob@Example.com): a session each, its tokens, progress, an answer
 * to the completion view's question, a yes to reminders, and a reminder queued for Bob.
 */
async function seedCourseAccounts() {
  await db.exec(`
    insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
    values ('one', 'One', 'lessons/one.mp4', 40, 1, true), ('two', 'Two', 'lessons/two.mp4', 40, 2, true);
    insert into auth.users (email) values ('ada@example.com'), ('Bob@Example.com');
    insert into auth.sessions (user_id) select id from auth.users;
    insert into auth.refresh_tokens (token_hash, session_id)
      select 'refresh-' || u.email, s.id from auth.sessions s join auth.users u on u.id = s.user_id;
    insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
      select id, 'magiclink', 'once-' || email, now() + interval '1 day' from auth.users;
    insert into public.lesson_progress (user_id, lesson_id, position_seconds)
      select u.id, l.id, 12 from auth.users u cross join public.lessons l
       where u.email = 'Bob@Example.com' or l.slug = 'one';
    insert into public.course_feedback (user_id, rating, comment) select id, 4, 'Useful.' from auth.users;
    insert into public.reminder_consents (user_id, given, wording, wording_version)
      select id, true, 'E-mail me if I pause for a week.', 'pause-reminders-2026-11' from auth.users;
    insert into public.email_outbox (signup_id, recipient, kind, reminder_number)
      values (2, 'Bob@Example.com', 'reminder', 1);`);
}

/** Whose course records are left, table by table. */
async function courseAccounts() {
  const owners = async (sql: string) =>
    (await db.query<{ email: string }>(sql)).map((row) => row.email).sort();
  return {
    users: await owners('select email from auth.users'),
    sessions: await owners('select u.email from auth.sessions s join auth.users u on u.id = s.user_id'),
    refreshTokens: await owners(`select u.email from auth.refresh_tokens t
        join auth.sessions s on s.id = t.session_id join auth.users u on u.id = s.user_id`),
    oneTimeTokens: await owners(
      'select u.email from auth.one_time_tokens t join auth.users u on u.id = t.user_id',
    ),
    progress: await owners(
      'select u.email from public.lesson_progress p join auth.users u on u.id = p.user_id',
    ),
    feedback: await owners(
      'select u.email from public.course_feedback f join auth.users u on u.id = f.user_id',
    ),
    reminderAnswers: await owners(
      'select u.email from public.reminder_consents c join auth.users u on u.id = c.user_id',
    ),
  };
}

async function outboxRows() {
  return db.query<{ id: string; status: string; attempts: number }>(
    'select id::text as id, status, attempts from public.email_outbox order by id',
  );
}

async function snapshot() {
  return {
    signups: await db.query('select * from public.signups order by id'),
    outbox: await db.query('select * from public.email_outbox order by id'),
  };
}

describe(`signups and outbox commands on ${databaseKind}`, () => {
  let admin: Awaited<ReturnType<typeof createAdminRunner>>;
  beforeAll(async () => {
    admin = await createAdminRunner(db);
  });
  beforeEach(seedSignups);
  beforeEach(async () => {
    for (const file of await readdir(admin.mailFolder)) await rm(path.join(admin.mailFolder, file));
  });

  it('signups list prints everyone in sign-up order; --since keeps those who signed up (again) since', async () => {
    const all = await admin.run(['signups', 'list']);
    expect(all.code).toBe(0);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+FIRST SIGN-UP\s+LAST SIGN-UP\s+COUNT\s+UNSUBSCRIBED$/);
    expect(lines[1]).toMatch(
      /^1\s+ada@example\.com\s+Ada Lovelace\s+2026-11-01 09:00 UTC\s+2026-11-01 09:00 UTC\s+1\s+no$/,
    );
    expect(lines.at(-1)).toMatch(
      /^3\s+cy@example\.com\s+\+Cy @Home\s+2026-11-15 00:00 UTC\s+2026-11-15 00:00 UTC\s+1\s+yes$/,
    );
    const since = await admin.run(['signups', 'list', '--since', '2026-11-16']);
    expect(since.stdout).toContain('Bob@Example.com');
    expect(since.stdout).not.toContain('ada@example.com');
    expect(since.stdout).not.toContain('cy@example.com');
    expect((await admin.run(['signups', 'list', '--since', '2026-11-21T00:00:00+01:00'])).stdout).toBe(
      'No sign-ups since then.\n',
    );
  });

  it("signups export --format csv writes RFC 4180 with formulas defused, each learner's reminder and announcement answers, kept answers and progress, no owner, and the studio's bytes", async () => {
    await db.exec(`
      insert into public.owners (email) values ('coach@example.com');
      insert into public.signups (email, name, consent_version, source) values ('Coach@example.com', 'Coach', 'v1', 'owner');
      insert into auth.users (email) values ('ada@example.com'), ('coach@example.com');
      update auth.users set last_sign_in_at = '2026-11-02T09:00:00Z';
      insert into public.reminder_consents (user_id, given, wording, wording_version, created_at)
        select id, true, 'E-mail me if I pause for a week.', 'pause-reminders-2026-11', '2026-11-02T10:00:00Z'
          from auth.users where email = 'ada@example.com';
      insert into public.announcement_consents (user_id, given, wording, wording_version, created_at)
        select id, given, 'E-mail me when new lessons are added.', 'announcements-2026-12', at::timestamptz
          from auth.users, (values (false, '2026-11-02T10:30:00Z'), (true, '2026-11-02T11:00:00Z')) a (given, at)
         where email = 'ada@example.com';
      insert into public.kept_answers (user_id, answers, plan, wording, wording_version)
        select id, '{"ageGroup": "25-35"}', '{"trends": "=AI"}', 'Keep my answers.', 'keep-answers-2026-12'
          from auth.users where email = 'ada@example.com';
      insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
        values ('one', 'One', 'lessons/one.mp4', 40, 1, true);
      insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at)
        select u.id, l.id, 40, '2026-11-03T08:00:00Z' from auth.users u, public.lessons l
         where u.email = 'ada@example.com';
      update public.course_finishes set finished_at = '2026-11-03T08:00:00Z';
      insert into public.course_feedback (user_id, rating, comment)
        select id, 5, '@once: "worth it"' from auth.users where email = 'ada@example.com';`);
    const [kept] = await db.query<{ at: Date }>('select updated_at as at from public.kept_answers');
    const [progress] = await db.query<{ at: Date }>('select updated_at as at from public.lesson_progress');
    const result = await admin.run(['signups', 'export', '--format', 'csv']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        '"id","email","name","consent_version","source","first_signed_up_at","last_signed_up_at","signup_count","reminders","reminders_answered_at","reminders_wording_version","announcements","announcements_answered_at","announcements_wording_version","kept_answers","kept_answers_updated_at","lessons_watched","finished_at","last_active_at","rating","comment","unsubscribed"',
        `"1","ada@example.com","Ada Lovelace","v1","embedded","2026-11-01T09:00:00.000Z","2026-11-01T09:00:00.000Z","1","true","2026-11-02T10:00:00.000Z","pause-reminders-2026-11","true","2026-11-02T11:00:00.000Z","announcements-2026-12","{""answers"":{""ageGroup"":""25-35""},""plan"":{""trends"":""=AI""}}","${kept?.at.toISOString()}","1","2026-11-03T08:00:00.000Z","${progress?.at.toISOString()}","5","'@once: ""worth it""","false"`,
        `"2","Bob@Example.com","'=HYPERLINK(""http://evil.example"",""Click""), ""me""\nplease","v1","supabase-edge","2026-11-10T12:30:00.000Z","2026-11-20T08:15:00.000Z","2","false","","","false","","","","","0","","","","","false"`,
        `"3","cy@example.com","'+Cy @Home","v1","embedded","2026-11-15T00:00:00.000Z","2026-11-15T00:00:00.000Z","1","false","","","false","","","","","0","","","","","true"`,
        '',
      ].join('\r\n'),
    );
    // The studio's "Download CSV" writes the same rows with the same function: the same bytes.
    const [coach] = await db.query<{ id: string }>(
      "select id::text as id from auth.users where email = 'coach@example.com'",
    );
    const app = await createTestApp(db);
    const studio = await appClient(
      app,
      EMBEDDED_ANON_KEY,
      await signedInToken(db, coach?.id ?? '', 'coach@example.com'),
    ).rpc('studio_signup_rows');
    expect(signupsCsv(signupRows.parse(studio.data))).toBe(result.stdout);
  });

  it('signups export --format json writes the rows as they are, and --output a new private file', async () => {
    const result = await admin.run(['signups', 'export', '--format', 'json', '--since', '2026-11-10']);
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({
        id: 2,
        email: 'Bob@Example.com',
        name: HOSTILE_NAME,
        signup_count: 2,
        last_signed_up_at: '2026-11-20T08:15:00.000Z',
      }),
      expect.objectContaining({ id: 3, email: 'cy@example.com', name: '+Cy @Home', unsubscribed: true }),
    ]);
    const file = path.join(files, 'signups.csv');
    const written = await admin.run(['signups', 'export', '--format', 'csv', '--output', file]);
    expect(written).toMatchObject({ code: 0, stdout: '', stderr: `Wrote 3 sign-ups to ${file}.\n` });
    expect((await readFile(file, 'utf8')).split('\r\n')).toHaveLength(5);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('signups count counts everyone and the unsubscribed', async () => {
    expect(await admin.run(['signups', 'count'])).toMatchObject({
      code: 0,
      stdout: '3 sign-ups (1 unsubscribed)\n',
    });
  });

  it("signups finish-erasures finishes the studio's erasures: keyed record, .eml files, the note gone", async () => {
    await writeFile(
      path.join(admin.mailFolder, '9-course-access-9.eml'),
      'From: Three Lenses <course@localhost>\nTo: gone@example.com\nSubject: Your course\n\nHi,\n',
    );
    await db.exec(`insert into public.erasures_to_finish (address) values ('gone@example.com')`);
    const result = await admin.run(['signups', 'finish-erasures']);
    expect(result.stdout).toMatch(
      /^Finished 1 erasure from the studio, with 1 .eml file deleted and their keyed hash recorded.\nCompacted/,
    );
    expect(await readdir(admin.mailFolder)).not.toContain('9-course-access-9.eml');
    expect(await db.query('select address_hash from public.erasures')).toEqual([
      { address_hash: erasureHasher(TEST_LOG_KEY).hash('gone@example.com') },
    ]);
    expect(await db.query('select * from public.erasures_to_finish')).toEqual([]);
    expect((await admin.run(['signups', 'finish-erasures'])).stdout).toBe(
      'No erasure from the studio waits to be finished.\n',
    );
  });

  it('signups erase --yes removes the person (any capitalisation), all their e-mails and .eml files, nobody else', async () => {
    const eml = (to: string) =>
      `From: Three Lenses <course@localhost>\nTo: ${to}\nSubject: Your course\nMIME-Version: 1.0\n\nHi there,\n`;
    await writeFile(path.join(admin.mailFolder, '1-course-access-2.eml'), eml('Bob@Example.com'));
    await writeFile(path.join(admin.mailFolder, '2-course-access-3.eml'), eml('\n bob@example.com'));
    await writeFile(path.join(admin.mailFolder, '3-course-access-1.eml'), eml('ada@example.com'));
    await seedCourseAccounts();
    const result = await admin.run(['signups', 'erase', ' bob@example.COM ', '--yes']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual([
      'Erased bob@example.COM: 1 sign-up, 3 outbox e-mails, 1 course account with 2 lesson progress records, 1 feedback answer and 1 reminder answer, and 2 .eml files.',
      'Recorded the erasure as a keyed hash: a restore of an older backup erases them again.',
    ]);
    expect(result.stdout).toMatch(/Compacted 12 tables \(VACUUM FULL\)[\s\S]*Checkpointed/);
    expect(await db.query('select address_hash, key_id from public.erasures')).toEqual([
      {
        address_hash: erasureHasher(TEST_LOG_KEY).hash('bob@example.com'),
        key_id: erasureHasher(TEST_LOG_KEY).keyId,
      },
    ]);
    const after = await snapshot();
    expect(after.signups.map((row) => row.email)).toEqual(['ada@example.com', 'cy@example.com']);
    expect(after.outbox.map((row) => row.recipient)).toEqual(['ada@example.com', 'cy@example.com']);
    expect(await readdir(admin.mailFolder)).toEqual(['3-course-access-1.eml']);
    expect(await courseAccounts()).toEqual({
      users: ['ada@example.com'],
      sessions: ['ada@example.com'],
      refreshTokens: ['ada@example.com'],
      oneTimeTokens: ['ada@example.com'],
      progress: ['ada@example.com'],
      feedback: ['ada@example.com'],
      reminderAnswers: ['ada@example.com'],
    });
    expect((await admin.run(['signups', 'erase', 'bob@example.com', '--yes'])).stdout).toMatch(
      /^No sign-up for bob@example.com: nothing to erase.\nRecorded the erasure as a keyed hash[^\n]*\n$/,
    );
  });

  it("signups erase ends the person's access at once: their access token reads no lesson and saves nothing", async () => {
    await seedCourseAccounts();
    const [bob] = await db.query<{ id: string }>(
      "select id::text as id from auth.users where email = 'Bob@Example.com'",
    );
    const token = await signedInToken(db, bob?.id ?? '', 'Bob@Example.com');
    const app = await createTestApp(db);
    const readLessons = () =>
      app.request('/rest/v1/lessons?select=slug', { headers: { authorization: `Bearer ${token}` } });
    expect((await readLessons()).status).toBe(200);
    expect((await admin.run(['signups', 'erase', 'bob@example.com', '--yes'])).code).toBe(0);
    const after = await readLessons();
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('signups find-logs prints the token that stands for an address in the logs, whatever its capitalisation', async () => {
    const result = await admin.run(['signups', 'find-logs', 'Ada@Example.com']);
    const token = await addressHasher(TEST_LOG_KEY)('ada@example.com');
    expect(result).toMatchObject({ code: 0, stdout: `${token}\n`, sessions: 0 });
    expect(result.stderr).toContain(`grep ${token}`);
    expect(token).toMatch(/^addr_[0-9a-f]{16}$/);
  });

  it('signups erase asks first: "y" erases, anything else changes nothing', async () => {
    const before = await snapshot();
    const declined = await admin.run(['signups', 'erase', 'ada@example.com'], { answer: 'n' });
    expect(declined).toMatchObject({ code: 2, sessions: 0 });
    expect(declined.stderr).toContain('Erase every record of ada@example.com');
    expect(declined.stderr).toContain('Nothing erased: not confirmed');
    expect(await snapshot()).toEqual(before);
    const confirmed = await admin.run(['signups', 'erase', 'ada@example.com'], { answer: 'y' });
    expect(confirmed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^Erased ada@example.com: 1 sign-up, 1 outbox e-mail, 0 course accounts with 0 lesson progress records, 0 feedback answers and 0 reminder answers, and 0 .eml files.\n/,
      ),
    });
  });

  it('outbox status shows counts, the oldest due e-mail and the dead ones with their last error', async () => {
    const result = await admin.run(['outbox', 'status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'STATUS   E-MAILS',
        'pending  1',
        'sending  0',
        'sent     1',
        'dead     2',
        '',
        'Oldest due: 2026-11-20 08:15 UTC',
        '',
        'Dead e-mails (put them back with `outbox retry ID` or `outbox retry --dead`):',
        'ID  RECIPIENT        ATTEMPTS  CREATED               LAST ERROR',
        '4   cy@example.com   8         2026-11-15 00:00 UTC  Resend 422: invalid "to"',
        '2   Bob@Example.com  8         2026-11-10 12:30 UTC  SMTP 550: mailbox unavailable',
        '',
      ].join('\n'),
    );
  });

  it('outbox retry ID puts one dead e-mail back in the queue, due now, with fresh attempts', async () => {
    const result = await admin.run(['outbox', 'retry', '2']);
    expect(result).toMatchObject({ code: 0, stdout: 'Queued again: 1 e-mail (2).\n' });
    expect(await outboxRows()).toEqual([
      { id: '1', status: 'sent', attempts: 1 },
      { id: '2', status: 'pending', attempts: 0 },
      { id: '3', status: 'pending', attempts: 0 },
      { id: '4', status: 'dead', attempts: 8 },
    ]);
    const [due] = await db.query<{ due: boolean }>(
      'select next_attempt_at <= now() as due from public.email_outbox where id = 2',
    );
    expect(due?.due).toBe(true);
  });

  it('outbox retry --dead puts every dead e-mail back', async () => {
    expect((await admin.run(['outbox', 'retry', '--dead'])).stdout).toBe('Queued again: 2 e-mails (2, 4).\n');
    expect((await outboxRows()).map((row) => row.status)).toEqual(['sent', 'pending', 'pending', 'pending']);
    expect((await admin.run(['outbox', 'retry', '--dead'])).stdout).toBe(
      'No dead e-mails: nothing to retry.\n',
    );
    expect((await admin.run(['outbox', 'status'])).stdout).toContain('Oldest due: ');
  });

  describe('bad arguments: a clear message, exit code 2, nothing changed', () => {
    const badArguments: [string[], RegExp][] = [
      [['signups', 'list', '--since', 'yesterday'], /--since must be a date like 2026-11-01/],
      [['signups', 'list', '--since', '2026-02-30'], /--since must be a date/],
      [['signups', 'export'], /required option '--format <format>' not specified/],
      [
        ['signups', 'export', '--format', 'xlsx'],
        /argument 'xlsx' is invalid. Allowed choices are csv, json/,
      ],
      [['signups', 'erase'], /missing required argument 'email'/],
      [['signups', 'erase', 'not-an-address', '--yes'], /"not-an-address" is not an e-mail address/],
      [['signups', 'count', 'extra'], /too many arguments/],
      [['outbox', 'retry'], /Give either an outbox ID or --dead/],
      [['outbox', 'retry', '2', '--dead'], /Give either an outbox ID or --dead/],
      [['outbox', 'retry', 'two'], /ID must be a positive whole number/],
      [['outbox', 'retry', '99'], /No outbox row with id 99/],
      [['outbox', 'retry', '1'], /Outbox row 1 is sent, not dead/],
      [['outbox', 'retry', '3'], /Outbox row 3 is pending, not dead/],
      [['outbox', 'purge'], /unknown command 'purge'/],
    ];
    it.each(badArguments.map(([argv, message]) => [argv.join(' '), argv, message] as const))(
      '%s',
      async (_, argv, message) => {
        const before = await snapshot();
        const result = await admin.run(argv);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(message);
        expect(result.stdout).toBe('');
        expect(await snapshot()).toEqual(before);
      },
    );

    it('never overwrites a file with --output', async () => {
      const file = path.join(files, 'existing.csv');
      await writeFile(file, 'keep me');
      const result = await admin.run(['signups', 'export', '--format', 'csv', '--output', file]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${file} already exists`);
      expect(await readFile(file, 'utf8')).toBe('keep me');
    });
  });
});

describe('--help', () => {
  it.each([
    [['signups'], /list[\s\S]*export[\s\S]*count[\s\S]*erase/],
    [['signups', 'list'], /--since <date>/],
    [['signups', 'export'], /--format <format>[\s\S]*choices: "csv", "json"[\s\S]*--output <file>/],
    [['signups', 'count'], /unsubscribed/],
    [['signups', 'erase'], /GDPR[\s\S]*--yes/],
    [['outbox'], /status[\s\S]*retry/],
    [['outbox', 'status'], /dead ones with their last error/],
    [['outbox', 'retry'], /\[id\][\s\S]*--dead/],
  ])('%j --help explains the command and exits 0', async (argv, text) => {
    const admin = await createAdminRunner(db);
    const result = await admin.run([...argv, '--help']);
    expect(result).toMatchObject({ code: 0, sessions: 0 });
    expect(result.stdout).toMatch(text);
  });
});
