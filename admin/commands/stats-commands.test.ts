import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../server/src/db/index.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/find-chromium.mjs';
import { createAdminRunner } from '../test/admin-runner.ts';

let db: Database;
let admin: Awaited<ReturnType<typeof createAdminRunner>>;
let files: string;

/**
 * Three days, 2026-11-01 to 11-03, and something on the day before and after each, which the period leaves out:
 * views; eight people (ada, bob, gil on the 1st; cy, dee on the 2nd; hal on the 3rd; eve before, fay after);
 * their course e-mails and two repeat sign-ups (eve on the 2nd, ada on the 3rd); who opened the course on which
 * day; three published lessons and one draft; ada and eve finish, bob starts two; four answers to the completion
 * view's question, one before the period, one of them a comment written to trip up a terminal and a page; bob
 * and cy asked for reminders, bob got two and came back after each (one learner), cy got one and unsubscribed.
 */
/** Markup, a line break, a terminal escape that would turn the text red and a right-to-left override. */
const HOSTILE_COMMENT = '<script>alert("hi")</script> & more\nSecond line \u001b[31mred \u202eevil';

async function buildScenario() {
  await db.exec(`
    insert into public.page_views (day, path, views) values
      ('2026-10-31', '/', 99), ('2026-11-01', '/', 40), ('2026-11-01', '/course', 5),
      ('2026-11-02', '/', 60), ('2026-11-02', '/course', 15), ('2026-11-03', '/', 20), ('2026-11-04', '/', 7);

    insert into public.signups (email, name, consent_version, source, first_signed_up_at, last_signed_up_at, signup_count)
    select email, initcap(split_part(email, '@', 1)), 'v1', 'embedded', at::timestamptz, at::timestamptz, 1
      from (values ('ada@example.com', '2026-11-01T09:00:00Z'), ('bob@example.com', '2026-11-01T10:00:00Z'),
                   ('gil@example.com', '2026-11-01T11:00:00Z'), ('cy@example.com', '2026-11-02T08:00:00Z'),
                   ('dee@example.com', '2026-11-02T23:30:00Z'), ('hal@example.com', '2026-11-03T07:00:00Z'),
                   ('eve@example.com', '2026-10-31T12:00:00Z'), ('fay@example.com', '2026-11-04T00:00:00Z'))
           as people(email, at);

    insert into public.email_outbox (signup_id, recipient, kind, status, attempts, last_error, created_at)
    select s.id, s.email, kind, status, attempts, last_error, at::timestamptz
      from (values ('ada@example.com', 'course-access', 'sent', 1, null, '2026-11-01T09:00:00Z'),
                   ('bob@example.com', 'course-access', 'sent', 2, null, '2026-11-01T10:00:00Z'),
                   ('gil@example.com', 'course-access', 'dead', 8, 'SMTP 550', '2026-11-01T11:00:00Z'),
                   ('cy@example.com', 'course-access', 'sent', 1, null, '2026-11-02T08:00:00Z'),
                   ('dee@example.com', 'course-access', 'pending', 2, 'timeout', '2026-11-02T23:30:00Z'),
                   ('hal@example.com', 'course-access', 'pending', 0, null, '2026-11-03T07:00:00Z'),
                   ('eve@example.com', 'course-access', 'sent', 1, null, '2026-10-31T12:00:00Z'),
                   ('eve@example.com', 'course-access', 'sent', 1, null, '2026-11-02T12:00:00Z'),
                   ('ada@example.com', 'course-access', 'sent', 1, null, '2026-11-03T10:00:00Z'),
                   ('ada@example.com', 'sign-in-link', 'sent', 1, null, '2026-11-03T11:00:00Z'),
                   ('fay@example.com', 'course-access', 'sent', 1, null, '2026-11-04T00:00:00Z'))
           as mail(email, kind, status, attempts, last_error, at)
      join public.signups s on s.email = mail.email;

    insert into auth.users (email, email_confirmed_at, last_sign_in_at)
    select email, confirmed::timestamptz, last_seen::timestamptz
      from (values ('ada@example.com', '2026-11-01T09:05:00Z', '2026-11-03T10:05:00Z'),
                   ('bob@example.com', '2026-11-02T07:00:00Z', '2026-11-02T07:00:00Z'),
                   ('cy@example.com', '2026-11-02T09:00:00Z', '2026-11-02T09:00:00Z'),
                   ('eve@example.com', '2026-10-31T12:10:00Z', '2026-11-02T12:10:00Z'),
                   ('gil@example.com', null, null),
                   ('hal@example.com', '2026-11-04T08:00:00Z', '2026-11-04T08:00:00Z'))
           as people(email, confirmed, last_seen);

    insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
    values ('one', 'One', 'one.mp4', 40, 1, true), ('two', 'Two', 'two.mp4', 40, 2, true),
           ('three', 'Three', 'three.mp4', 40, 3, true), ('draft', 'Draft', 'draft.mp4', 40, 4, false);

    insert into public.lesson_progress (user_id, lesson_id, position_seconds, created_at, completed_at)
    select u.id, l.id, 10, started::timestamptz, completed::timestamptz
      from (values ('ada@example.com', 'one', '2026-11-01T09:10:00Z', '2026-11-01T09:20:00Z'),
                   ('ada@example.com', 'two', '2026-11-02T09:00:00Z', '2026-11-02T09:10:00Z'),
                   ('ada@example.com', 'three', '2026-11-02T09:15:00Z', '2026-11-03T08:00:00Z'),
                   ('bob@example.com', 'one', '2026-11-02T07:05:00Z', '2026-11-02T07:15:00Z'),
                   ('bob@example.com', 'two', '2026-11-03T07:00:00Z', null),
                   ('eve@example.com', 'one', '2026-10-31T12:20:00Z', '2026-10-31T12:30:00Z'),
                   ('eve@example.com', 'two', '2026-11-01T12:00:00Z', '2026-11-01T12:10:00Z'),
                   ('eve@example.com', 'three', '2026-11-01T12:15:00Z', '2026-11-01T12:25:00Z'),
                   ('eve@example.com', 'draft', '2026-11-03T12:00:00Z', null))
           as progress(email, slug, started, completed)
      join auth.users u on u.email = progress.email
      join public.lessons l on l.slug = progress.slug;

    insert into public.course_feedback (user_id, rating, comment, created_at)
    select u.id, rating, comment, at::timestamptz
      from (values ('ada@example.com', 5, 'Clear and short.', '2026-11-03T09:00:00Z'),
                   ('eve@example.com', 4, $comment$${HOSTILE_COMMENT}$comment$, '2026-11-02T13:00:00Z'),
                   ('bob@example.com', 3, null, '2026-11-02T08:00:00Z'),
                   ('cy@example.com', 1, 'Before the period.', '2026-10-31T23:59:00Z'))
           as answers(email, rating, comment, at)
      join auth.users u on u.email = answers.email;

    insert into public.reminder_consents (user_id, given, wording, wording_version, source, created_at)
    select u.id, given, 'E-mail me if I pause for a week.', 'v1', source, at::timestamptz
      from (values ('bob@example.com', true, 'course-page', '2026-10-20T10:00:00Z'),
                   ('cy@example.com', true, 'course-page', '2026-10-20T10:00:00Z'),
                   ('cy@example.com', false, 'unsubscribe', '2026-11-03T10:00:00Z'),
                   ('eve@example.com', false, 'course-page', '2026-10-20T10:00:00Z'))
           as answers(email, given, source, at)
      join auth.users u on u.email = answers.email;

    insert into public.email_outbox (signup_id, recipient, kind, status, reminder_number, created_at, sent_at)
    select s.id, s.email, 'reminder', 'sent', number, at::timestamptz, at::timestamptz
      from (values ('bob@example.com', 1, '2026-11-01T06:00:00Z'), ('bob@example.com', 2, '2026-11-02T06:00:00Z'),
                   ('cy@example.com', 1, '2026-11-02T06:00:00Z'))
           as mail(email, number, at)
      join public.signups s on s.email = mail.email;`);
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdminRunner(db);
  files = await mkdtemp(path.join(os.tmpdir(), 'stats-'));
  await buildScenario();
});
afterAll(() => db.close());

const PERIOD = ['--since', '2026-11-01', '--until', '2026-11-03'];

const HEADINGS = [
  'DAY',
  'VIEWS /',
  'VIEWS /COURSE',
  'NEW SIGN-UPS',
  'REPEATS',
  'DELIVERED',
  'FAILED',
  'DEAD',
  'OPENED',
  'LEARNERS',
  'LESSONS STARTED',
  'COMPLETED',
  'FINISHED',
];

const EXPECTED_DAYS = [
  ['2026-11-01', 40, 5, 3, 0, 2, 0, 1, 1, 1, 3, 3, 1],
  ['2026-11-02', 60, 15, 2, 1, 2, 1, 0, 2, 1, 3, 2, 0],
  ['2026-11-03', 20, 0, 1, 1, 1, 0, 0, 0, 0, 2, 1, 1],
] as const;
const EXPECTED_TOTAL = [120, 20, 6, 2, 5, 1, 1, 3, 2, 8, 6, 2];

const KEYS = [
  'views_home',
  'views_course',
  'signups_new',
  'signups_repeat',
  'emails_delivered',
  'emails_failed',
  'emails_dead',
  'opened_course',
  'learners_started',
  'lessons_started',
  'lessons_completed',
  'finished_course',
];

describe(`stats on ${databaseKind}`, () => {
  it('prints every day of the period, the total, the funnel with its rates and the e-mails as a table', async () => {
    const result = await admin.run(['stats', ...PERIOD]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('Stats for 2026-11-01 to 2026-11-03 (UTC days)');
    const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
    expect(cells(lines[2])).toEqual(HEADINGS);
    expect(lines.slice(3, 6).map(cells)).toEqual(EXPECTED_DAYS.map((day) => day.map(String)));
    expect(cells(lines[6])).toEqual(['TOTAL', ...EXPECTED_TOTAL.map(String)]);
    // Every column starts where its heading does.
    for (const heading of ['VIEWS /COURSE', 'REPEATS', 'FINISHED'])
      expect(lines[3]?.[(lines[2] ?? '').indexOf(heading) - 1]).toBe(' ');
    // The funnel follows the period's six new sign-ups to today, as the studio's Overview does: hal opened the
    // course on the 4th, eve (who finished) signed up before the period. No share passes 100 %.
    expect(lines[8]).toBe(
      'The people who signed up in this period, followed to today: each step counts some of the people of the step before.',
    );
    expect(lines.slice(9, 16).map(cells)).toEqual([
      ['FROM VISIT TO FINISHED COURSE', 'PEOPLE', 'SHARE'],
      ['Visits to the landing page', '120'],
      ['Signed up after a counted visit', '6', '5% of the visits'],
      ['Signed up without a counted visit', '0'],
      ['Opened the course', '4', '66.7% of the 6 new sign-ups'],
      ['Started a lesson', '2', '50% of the step before'],
      ['Finished the course', '1', '50% of the step before'],
    ]);
    expect(lines[17]).toBe(
      'Course e-mails: 5 of 8 queued delivered (62.5%); 1 failed and still being retried; 1 dead.',
    );
    expect(lines.slice(19, 28)).toEqual([
      'Feedback, "How useful was this course?" (1 to 5): 3 answers, average 4.0',
      'RATING   1  2  3  4  5',
      'ANSWERS  0  0  1  1  1',
      '',
      'Latest comments, newest first (at most 5):',
      'DAY         RATING  COMMENT',
      '2026-11-03  5       Clear and short.',
      '2026-11-02  4       <script>alert("hi")</script> & more Second line \ufffd[31mred \ufffdevil',
      '',
    ]);
    expect(result.stdout).toContain('REPEATS: known addresses signing up again and e-mailed again');
  });

  it('gives the same numbers and rates as JSON', async () => {
    const result = await admin.run(['stats', ...PERIOD, '--format', 'json']);
    expect(result.code).toBe(0);
    const counts = (values: readonly number[]) => Object.fromEntries(KEYS.map((key, i) => [key, values[i]]));
    expect(JSON.parse(result.stdout)).toEqual({
      since: '2026-11-01',
      until: '2026-11-03',
      days: EXPECTED_DAYS.map(([day, ...values]) => ({ day, ...counts(values) })),
      total: { ...counts(EXPECTED_TOTAL), emails_queued: 8, emails_delivered_rate: 0.625 },
      funnel: [
        { step: 'Visits to the landing page', count: 120, rate: null, rate_text: '' },
        { step: 'Signed up after a counted visit', count: 6, rate: 0.05, rate_text: '5% of the visits' },
        { step: 'Signed up without a counted visit', count: 0, rate: null, rate_text: '' },
        { step: 'Opened the course', count: 4, rate: 4 / 6, rate_text: '66.7% of the 6 new sign-ups' },
        { step: 'Started a lesson', count: 2, rate: 0.5, rate_text: '50% of the step before' },
        { step: 'Finished the course', count: 1, rate: 0.5, rate_text: '50% of the step before' },
      ],
      feedback: {
        answers: 3,
        average_rating: 4,
        ratings: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 },
        latest_comments: [
          { day: '2026-11-03', rating: 5, comment: 'Clear and short.' },
          { day: '2026-11-02', rating: 4, comment: HOSTILE_COMMENT },
        ],
      },
      reminders: { asking: 1, sent: 3, learners_back_within_3_days: 1, unsubscribes: 1 },
    });
    expect((await admin.run(['stats', ...PERIOD])).stdout).toContain(
      'Reminders: 1 learner asking for them now; 3 sent in the period; 1 learner came back within 3 days of one; 1 unsubscribe.',
    );
  });

  it('shows a day with nothing as zeros, and no rate after a step of zero', async () => {
    const result = await admin.run([
      'stats',
      '--since',
      '2026-12-01',
      '--until',
      '2026-12-01',
      '--format',
      'json',
    ]);
    const stats: unknown = JSON.parse(result.stdout);
    expect(stats).toMatchObject({
      days: [{ day: '2026-12-01', views_home: 0, finished_course: 0 }],
      total: { emails_queued: 0, emails_delivered_rate: null },
      funnel: [
        { rate: null },
        { rate: null },
        { rate: null },
        { rate: null },
        { rate: null },
        { rate: null },
      ],
      feedback: {
        answers: 0,
        average_rating: null,
        ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        latest_comments: [],
      },
    });
    const table = await admin.run(['stats', '--since', '2026-12-01', '--until', '2026-12-01']);
    expect(table.stdout).toContain(
      'Feedback, "How useful was this course?" (1 to 5): 0 answers, average –\n\n',
    );
  });

  it('covers the 30 days up to today by default', async () => {
    const result = await admin.run(['stats', '--format', 'json']);
    const { since, until, days } = z
      .object({ since: z.string(), until: z.string(), days: z.array(z.unknown()) })
      .parse(JSON.parse(result.stdout));
    expect(until).toBe(new Date().toISOString().slice(0, 10));
    expect(days).toHaveLength(30);
    expect(new Date(until).getTime() - new Date(since).getTime()).toBe(29 * 86_400_000);
  });

  it('refuses a bad day, a period that ends before it starts, an unknown format and html without a file', async () => {
    const refusals: [string[], RegExp][] = [
      [['stats', '--since', '2026-02-30'], /--since must be a day like 2026-11-01 \(UTC\)/],
      [['stats', '--until', '11/03/2026'], /--until must be a day like 2026-11-01 \(UTC\)/],
      [
        ['stats', '--since', '2026-11-04', '--until', '2026-11-03'],
        /--since 2026-11-04 is after --until 2026-11-03/,
      ],
      [['stats', '--format', 'xml'], /argument 'xml' is invalid. Allowed choices are table, json, html/],
      [['stats', '--format', 'html'], /--format html writes a file: add --output FILE/],
    ];
    for (const [argv, message] of refusals) {
      const result = await admin.run(argv);
      expect(result).toMatchObject({ code: 2, stdout: '', sessions: 0 });
      expect(result.stderr.split('\n')[0]).toMatch(message);
    }
  });

  it('writes a self-contained HTML report, readable by the owner only, that shows both charts in Chromium without scripts', async () => {
    const file = path.join(files, 'funnel.html');
    const result = await admin.run(['stats', ...PERIOD, '--format', 'html', '--output', file]);
    expect(result).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `Wrote the stats for 2026-11-01 to 2026-11-03 to ${file}.\n`,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const html = await readFile(file, 'utf8');
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|url\(/i);
    expect((await admin.run(['stats', ...PERIOD, '--format', 'html', '--output', file])).code).toBe(2);

    const browser = await chromium.launch({ executablePath: findTestChromium(), args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(pathToFileURL(file).href);
      expect(requested).toEqual([pathToFileURL(file).href]);
      await expect(page.title()).resolves.toBe('Course funnel, 2026-11-01 to 2026-11-03');

      const funnel = page.getByRole('img', { name: 'From visit to finished course' });
      expect(await funnel.isVisible()).toBe(true);
      expect(await funnel.getAttribute('aria-describedby')).toBe('funnel-desc');
      expect(await page.locator('#funnel-desc').textContent()).toBe(
        'Visits to the landing page: 120; Signed up after a counted visit: 6 (5% of the visits); Signed up without a counted visit: 0; Opened the course: 4 (66.7% of the 6 new sign-ups); Started a lesson: 2 (50% of the step before); Finished the course: 1 (50% of the step before)',
      );
      const funnelBars = await funnel
        .locator('rect')
        .evaluateAll((bars) => bars.map((bar) => Math.round(bar.getBoundingClientRect().width)));
      expect(funnelBars).toHaveLength(6);
      expect(funnelBars[0]).toBeGreaterThan(funnelBars[1] ?? Infinity);

      const signups = page.getByRole('img', { name: 'Sign-ups per day' });
      expect(await signups.isVisible()).toBe(true);
      expect(await signups.locator('g > title').allTextContents()).toEqual([
        '2026-11-01: 3 new, 0 repeat',
        '2026-11-02: 2 new, 1 repeat',
        '2026-11-03: 1 new, 1 repeat',
      ]);
      const table = page.getByRole('table', { name: 'Day by day (UTC)' });
      expect(await table.getByRole('row').last().innerText()).toBe(`Total\t${EXPECTED_TOTAL.join('\t')}`);

      const ratings = page.getByRole('img', { name: /^Answers by rating/ });
      expect(await ratings.isVisible()).toBe(true);
      expect(await page.locator('#ratings-desc').textContent()).toBe('1: 0; 2: 0; 3: 1; 4: 1; 5: 1');
      expect(await page.getByText('3 answers in the period, average 4.0 (1 to 5).').isVisible()).toBe(true);
      // The learners' words arrive as text: the markup in one shows as written, and the page has no script.
      expect(await page.locator('.comments blockquote').allTextContents()).toEqual([
        'Clear and short.',
        HOSTILE_COMMENT,
      ]);
      expect(await page.locator('script').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
