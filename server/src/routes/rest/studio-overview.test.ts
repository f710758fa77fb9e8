// The studio's Overview through REST as the browser calls it: the owner reads the funnel of a journey made
// today; a learner and a visitor read nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const OWNER = '00000000-0000-4000-8000-0000000000d1';
const LEARNER = '00000000-0000-4000-8000-0000000000d2';

const rest = restCallers({ [OWNER]: 'Coach@Example.com', [LEARNER]: 'learner@example.com' });
const { as } = rest;

/**
 * Today: 12 views of / (9 from a newsletter, 3 from linkedin.com) and 4 of /course (direct); ada and bob sign up;
 * ada opens the course, starts and finishes both published lessons and answers 5 with a comment; the learner
 * (bob) opens it and starts lesson one; the owner, signed in, counts as none of them. Yesterday: 7 direct views,
 * which a one-day overview leaves out.
 */
async function buildJourney() {
  await rest.db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    insert into public.page_views (day, path, source, views) values
      ((now() at time zone 'UTC')::date, '/', 'newsletter', 9), ((now() at time zone 'UTC')::date, '/', 'linkedin.com', 3),
      ((now() at time zone 'UTC')::date, '/course', 'direct', 4), ((now() at time zone 'UTC')::date - 1, '/', 'direct', 7);
    insert into public.signups (email, name, consent_version, source)
    values ('ada@example.com', 'Ada', 'v1', 'embedded'), ('learner@example.com', 'Bob', 'v1', 'embedded'),
           ('coach@example.com', 'Course owner', 'owner', 'owner');
    insert into auth.users (email, email_confirmed_at) values ('ada@example.com', now());
    update auth.users set email_confirmed_at = now() where id = '${OWNER}';
    update auth.users set email_confirmed_at = now() where id = '${LEARNER}';
    insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
    values ('one', 'One', 'one.mp4', 40, 1, true), ('two', 'Two', 'two.mp4', 40, 2, true),
           ('draft', 'Draft', 'draft.mp4', 40, 3, false);
    insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at)
    select u.id, l.id, 10, case when u.email = 'ada@example.com' then now() end
      from auth.users u cross join public.lessons l
     where (u.email = 'ada@example.com' and l.is_published) or (u.id = '${LEARNER}' and l.slug = 'one');
    insert into public.course_feedback (user_id, rating, comment)
    select id, 5, 'Clear and short.' from auth.users where email = 'ada@example.com';`);
}

beforeAll(buildJourney);

const today = () => new Date().toISOString().slice(0, 10);

describe(`studio_overview through REST (${databaseKind})`, () => {
  it('gives the owner the funnel, lessons, sources and answers of the journey, per day and in total', async () => {
    const { data, error, status } = await as(OWNER).rpc('studio_overview', { days: 1 });
    expect({ error, status }).toEqual({ error: null, status: 200 });
    const total = {
      views_home: 12,
      views_course: 4,
      signups_new: 2,
      opened_course: 2,
      learners_started: 2,
      lessons_started: 3,
      lessons_completed: 2,
      finished_course: 1,
    };
    expect(data).toMatchObject({
      since: today(),
      until: today(),
      days: [{ day: today(), ...total }],
      total,
      sources: [
        { day: today(), source: 'newsletter', views: 9 },
        { day: today(), source: 'direct', views: 4 },
        { day: today(), source: 'linkedin.com', views: 3 },
      ],
      lessons: [
        { slug: 'one', title: 'One', started: 2, finished: 1 },
        { slug: 'two', title: 'Two', started: 1, finished: 1 },
      ],
      feedback: {
        answers: 1,
        average_rating: 5,
        latest_answers: [{ day: today(), rating: 5, comment: 'Clear and short.' }],
      },
      funnel: {
        visits: 12,
        signups_after_visit: 2,
        signups_without_visit: 0,
        opened_course: 2,
        started_lesson: 2,
        finished_course: 1,
      },
    });
    expect(JSON.stringify(data)).not.toMatch(/@example\.com|0000-4000/);
  });

  it('follows the period’s sign-ups through the funnel; those beyond a day’s counted visits are a row of their own', async () => {
    // Two days ago: no counted visit, and cy signs up; cy never opens the course. A learner who signed up before
    // the period and finishes in it is no part of this period's funnel.
    await rest.db.exec(`
      insert into public.signups (email, name, consent_version, source, first_signed_up_at) values
        ('cy@example.com', 'Cy', 'v1', 'embedded', now() - interval '2 days'),
        ('old@example.com', 'Old', 'v1', 'embedded', now() - interval '60 days');
      insert into auth.users (email, email_confirmed_at) values ('old@example.com', now());
      insert into public.lesson_progress (user_id, lesson_id, position_seconds, completed_at)
      select u.id, l.id, 40, now() from auth.users u cross join public.lessons l
       where u.email = 'old@example.com' and l.is_published;`);
    const { data } = await as(OWNER).rpc('studio_overview', { days: 30 });
    expect(data.funnel).toEqual({
      visits: 19,
      signups_after_visit: 2,
      signups_without_visit: 1,
      opened_course: 2,
      started_lesson: 2,
      finished_course: 1,
    });
    await rest.db.exec(`
      delete from auth.users where email = 'old@example.com';
      delete from public.signups where email in ('cy@example.com', 'old@example.com');`);
  });

  it('covers 30 days by default, every day present, and refuses a period it does not cover', async () => {
    const { data } = await as(OWNER).rpc('studio_overview');
    expect(data).toMatchObject({ until: today(), total: { views_home: 19 } });
    expect(data).toHaveProperty('days.length', 30);
    expect(await as(OWNER).rpc('studio_overview', { days: 0 })).toMatchObject({
      data: null,
      status: 400,
      error: { message: 'The overview covers 1 to 366 days.' },
    });
  });

  it('gives a learner and a visitor nothing, and the shared function to no one', async () => {
    expect(await as(LEARNER).rpc('studio_overview', { days: 1 })).toMatchObject({
      data: null,
      status: 403,
      error: { code: '42501' },
    });
    expect(await as().rpc('studio_overview', { days: 1 })).toMatchObject({
      data: null,
      status: 401,
      error: { code: '42501' },
    });
    const period = { first_day: today(), last_day: today(), answers_shown: 5 };
    expect(await as(LEARNER).rpc('overview_stats', period)).toMatchObject({ data: null, status: 403 });
    expect(await as(OWNER).rpc('overview_stats', period)).toMatchObject({ data: null, status: 403 });
  });
});
