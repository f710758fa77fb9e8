// The studio's launch checklist through REST as supabase-js calls it: on a new installation every item is to do,
// and each ticks itself when the owner publishes her words, hides the invented guides, replaces the placeholder
// lessons, or the server starts with real settings; hiding it is remembered per owner; only owners may ask.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind, supabaseFolder } from '../../../test/test-database.ts';
import { recordLaunchFacts } from '../../../../supabase/functions/_shared/launch-facts.ts';

const OWNER = '00000000-0000-4000-8000-0000000000e1';
const OTHER_OWNER = '00000000-0000-4000-8000-0000000000e2';
const LEARNER = '00000000-0000-4000-8000-0000000000e3';

const rest = restCallers({
  [OWNER]: 'coach@example.com',
  [OTHER_OWNER]: 'helper@example.com',
  [LEARNER]: 'learner@example.com',
});
const { as } = rest;

interface Item {
  key: string;
  done: boolean;
  left?: number;
  transport?: string | null;
  address?: string | null;
}
interface Checklist {
  items: Item[];
  dismissed: boolean;
}

const checklist = async (userId = OWNER) =>
  (await as(userId).rpc('studio_launch_checklist')).data as Checklist;
const item = async (key: string) => (await checklist()).items.find((each) => each.key === key);
const done = async () => (await checklist()).items.filter((each) => each.done).map((each) => each.key);

/** Publishes `words` as the owner does in the studio's Site section. */
async function publish(words: Record<string, string>) {
  expect((await as(OWNER).rpc('studio_save_site_words', { words })).status).toBe(200);
  expect((await as(OWNER).rpc('studio_publish_site_words')).status).toBe(200);
}

const PHOTO = `${'a'.repeat(32)}.webp`;

beforeAll(async () => {
  // A new installation: the sample guides and lessons, and a server started as `npm start` starts it.
  for (const table of ['guides', 'lessons'])
    await rest.db.exec(await readFile(path.join(supabaseFolder, 'seeds', `${table}.sql`), 'utf8'));
  await rest.db.exec(
    `insert into public.owners (email) values ('coach@example.com'), ('helper@example.com')`,
  );
  await recordLaunchFacts(rest.db, { mailTransport: 'file', siteUrl: 'http://localhost:8080' });
});

describe(`the launch checklist through REST (${databaseKind})`, () => {
  it('refuses a learner (403) and a visitor (401) both functions, changing nothing', async () => {
    const calls = { studio_launch_checklist: {}, studio_dismiss_launch_checklist: { dismissed: true } };
    for (const [name, args] of Object.entries(calls)) {
      expect(await as(LEARNER).rpc(name, args), name).toMatchObject({
        data: null,
        status: 403,
        error: { code: '42501' },
      });
      expect(await as().rpc(name, args), name).toMatchObject({ data: null, status: 401 });
    }
    expect(await rest.db.query('select * from public.launch_checklist_dismissals')).toEqual([]);
    expect(
      await as(LEARNER).rpc('record_launch_facts', { mail_transport: 'smtp', site_url: 'https://x.example' }),
    ).toMatchObject({ status: 403 });
  });

  it('has every item to do on a new installation, in the order the studio lists them', async () => {
    expect(await checklist()).toEqual({
      dismissed: false,
      items: [
        { key: 'founder', done: false },
        { key: 'guides', done: false, left: 6 },
        { key: 'lessons', done: false, left: 5 },
        { key: 'hero', done: false },
        { key: 'teaser', done: false },
        { key: 'email', done: false, transport: 'file' },
        { key: 'siteUrl', done: false, address: 'http://localhost:8080' },
        { key: 'privacy', done: false },
      ],
    });
  });

  it('ticks the founder, the hero, the teaser and the privacy contact when her words for them are published', async () => {
    // Her name alone leaves the invented founder's portrait on the page: the founder is hers with her photo too.
    await publish({ 'about.founderName': 'Sam Rivera', 'hero.body': 'My own promise.' });
    expect(await done()).toEqual([]);
    await publish({
      'about.founderName': 'Sam Rivera',
      'about.photo': PHOTO,
      'hero.body': 'My own promise.',
    });
    expect(await done()).toEqual(['founder']);

    await publish({
      'about.founderName': 'Sam Rivera',
      'about.photo': PHOTO,
      'hero.body': 'My own promise.',
      'hero.proof': 'of short video lessons · free',
      'teaser.video': 'video-g-1000.mp4',
      'teaser.caption': 'Quick cuts from my course.',
      'privacy.contact': 'privacy@sam.example',
    });
    expect(await done()).toEqual(['founder', 'hero', 'teaser', 'privacy']);

    // Restoring the first version brings the shipped hero proof and the invented founder's photo back.
    const [first] = await rest.db.query<{ id: number }>(
      'select min(id)::int as id from public.site_words_versions',
    );
    await as(OWNER).rpc('studio_restore_site_words', { version_id: first?.id });
    expect(await done()).toEqual([]);
  });

  it('ticks the guides when no invented one is shown: hidden, deleted, or made a real person', async () => {
    const guides = await rest.db.query<{ id: number; name: string }>(
      'select id::int, name from public.guides where is_active order by order_index',
    );
    const [amara, daniel, ...others] = guides;
    await as(OWNER).rpc('studio_set_guide_active', { guide_id: amara?.id, active: false });
    await as(OWNER).rpc('studio_delete_guide', { guide_id: daniel?.id });
    expect(await item('guides')).toEqual({ key: 'guides', done: false, left: 4 });

    // A new name over the invented illustration is still an invented face.
    const [mei, ...stillShown] = others;
    const renamed = { guide_id: mei?.id, name: 'Grace Hopper', title: 'Admiral', quote: null };
    await as(OWNER).rpc('studio_save_guide', { ...renamed, image_url: 'mei-lin-chen.svg' });
    expect((await item('guides'))?.left).toBe(4);
    await as(OWNER).rpc('studio_save_guide', { ...renamed, image_url: 'https://cdn.example/grace.webp' });
    expect((await item('guides'))?.left).toBe(3);

    for (const guide of stillShown)
      await as(OWNER).rpc('studio_set_guide_active', { guide_id: guide.id, active: false });
    await as(OWNER).rpc('studio_save_guide', {
      guide_id: null,
      name: 'Ada Lovelace',
      title: 'Analyst',
      quote: null,
      image_url: null,
    });
    expect(await item('guides')).toEqual({ key: 'guides', done: true, left: 0 });
  });

  it('ticks the lessons when none is published with its placeholder video', async () => {
    const lessons = await rest.db.query<{ id: number; slug: string }>(
      'select id::int, slug from public.lessons order by order_index',
    );
    const [first, second, ...others] = lessons;
    await as(OWNER).rpc('studio_set_lesson_published', { lesson_id: second?.id, published: false });
    await as(OWNER).rpc('studio_delete_lesson', { lesson_id: others[0]?.id });
    expect(await item('lessons')).toEqual({ key: 'lessons', done: false, left: 3 });

    // Her own video, stored as the studio stores a replaced one.
    await rest.db.query(`update public.lessons set video_path = $2 where id = $1`, [
      first?.id,
      `lessons/${first?.slug}/video-1a2b-3c4d.mp4`,
    ]);
    expect((await item('lessons'))?.left).toBe(2);
    for (const lesson of others.slice(1))
      await as(OWNER).rpc('studio_set_lesson_published', { lesson_id: lesson.id, published: false });
    expect(await item('lessons')).toEqual({ key: 'lessons', done: true, left: 0 });
  });

  it("ticks the sender and the site's address from what the e-mail server last recorded at its start", async () => {
    await recordLaunchFacts(rest.db, { mailTransport: 'smtp', siteUrl: 'https://lenses.example' });
    expect((await checklist()).items.slice(5, 7)).toEqual([
      { key: 'email', done: true, transport: 'smtp' },
      { key: 'siteUrl', done: true, address: 'https://lenses.example' },
    ]);
    for (const local of [
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://lenses.localhost',
      'http://0.0.0.0',
    ]) {
      await recordLaunchFacts(rest.db, { mailTransport: 'resend', siteUrl: local });
      expect(await item('siteUrl'), local).toEqual({ key: 'siteUrl', done: false, address: local });
    }
    expect(await item('email')).toEqual({ key: 'email', done: true, transport: 'resend' });

    // Before any server has started (hosted Supabase before its function's first run), neither is known.
    await rest.db.query('delete from public.launch_facts');
    expect((await checklist()).items.slice(5, 7)).toEqual([
      { key: 'email', done: false, transport: null },
      { key: 'siteUrl', done: false, address: null },
    ]);
  });

  it('remembers that an owner hid it, on every device, until she shows it again; other owners still see it', async () => {
    expect(await as(OWNER).rpc('studio_dismiss_launch_checklist', { dismissed: true })).toMatchObject({
      status: 200,
      data: { dismissed: true },
    });
    expect((await checklist(OWNER)).dismissed).toBe(true);
    expect((await checklist(OTHER_OWNER)).dismissed).toBe(false);
    expect(await as(OWNER).rpc('studio_dismiss_launch_checklist', { dismissed: null })).toMatchObject({
      status: 400,
      error: { message: 'Say whether the checklist is hidden (true) or shown (false).' },
    });
    expect((await as(OWNER).rpc('studio_dismiss_launch_checklist', { dismissed: false })).data).toMatchObject(
      {
        dismissed: false,
      },
    );
    expect((await checklist(OWNER)).dismissed).toBe(false);

    await as(OWNER).rpc('studio_dismiss_launch_checklist', { dismissed: true });
    await rest.db.query(`delete from public.owners where email = 'coach@example.com'`);
    expect(await rest.db.query('select * from public.launch_checklist_dismissals')).toEqual([]);
  });
});
