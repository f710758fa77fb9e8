import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_CALLER, type Caller, runAsCaller } from '../../http/caller.ts';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, databaseKind, supabaseFolder } from '../../../test/test-database.ts';

/**
 * The storage policies the migrations create on hosted Supabase, which the embedded storage routes stand in
 * for: run here over a minimal `storage.objects`, as Supabase Storage runs them, as the caller.
 */

const LEARNER: Caller = {
  role: 'authenticated',
  claims: { role: 'authenticated', sub: '00000000-0000-4000-8000-00000000000a' },
};

/** The `do $$ … end $$;` block of a migration: its storage part, skipped where there is no storage schema. */
async function storageBlockOf(migration: string): Promise<string> {
  const text = await readFile(path.join(supabaseFolder, 'migrations', migration), 'utf8');
  const block = /do \$\$[\s\S]*?end \$\$;/.exec(text)?.[0];
  if (!block) throw new Error(`${migration} has no storage block`);
  return block;
}

const PREVIEWS_MIGRATION = '20261127000100_lesson_previews_and_tags.sql';
const STREAMS_MIGRATION = '20261127003800_lesson_streams.sql';
const CLOSED_FUNCTIONS_MIGRATION = '20261130000200_closed_functions_and_picture_buckets.sql';
/** The outline names every lesson's files from here on: the visitors' policy reads its own view. */
const FILES_FOR_ANYONE_MIGRATION = '20261206000100_the_outline_names_every_lessons_files.sql';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(`
    create schema storage;
    create table storage.objects (id bigint generated always as identity primary key, bucket_id text, name text);
    alter table storage.objects enable row level security;
    grant usage on schema storage to anon, authenticated;
    grant select on storage.objects to anon, authenticated;
    insert into public.lessons (slug, title, video_path, captions_path, poster_path, duration_seconds, order_index, is_published)
    values
      ('welcome', 'Welcome', 'lessons/welcome.mp4', 'lessons/welcome.vtt', 'lessons/welcome.webp', 40, 1, true),
      ('early-draft', 'Early draft', 'lessons/early-draft.mp4', null, 'lessons/early-draft.webp', 40, 0, false),
      ('second', 'Second', 'lessons/second.mp4', null, 'lessons/second.webp', 40, 2, true),
      ('taster', 'Taster', 'lessons/taster.mp4', 'lessons/taster.vtt', 'lessons/taster.webp', 40, 3, true),
      ('draft-taster', 'Draft taster', 'lessons/draft-taster.mp4', null, null, 40, 4, false);
    update public.lessons set is_preview = true where slug in ('taster', 'draft-taster');
    insert into storage.objects (bucket_id, name) values
      ('course', 'lessons/welcome.mp4'), ('course', 'lessons/welcome.vtt'), ('course', 'lessons/welcome.webp'),
      ('course', 'lessons/early-draft.mp4'), ('course', 'lessons/early-draft.webp'),
      ('course', 'lessons/second.mp4'), ('course', 'lessons/second.webp'),
      ('course', 'lessons/taster.mp4'), ('course', 'lessons/taster.vtt'), ('course', 'lessons/taster.webp'),
      ('course', 'lessons/draft-taster.mp4'),
      ('course', 'lessons/loose.webp'), ('guides', 'lessons/welcome.webp');
  `);
  await db.exec(await storageBlockOf('20261123000700_course_files_of_published_lessons.sql'));
  await db.exec(await storageBlockOf('20261125000200_course_outline.sql'));
  await db.exec(await storageBlockOf(PREVIEWS_MIGRATION));
  await db.exec(await storageBlockOf(STREAMS_MIGRATION));
  await db.exec(await storageBlockOf(CLOSED_FUNCTIONS_MIGRATION));
  await db.exec(await storageBlockOf(FILES_FOR_ANYONE_MIGRATION));
});
afterAll(() => db.close());

const readableBy = (caller: Caller) =>
  runAsCaller(db, caller, (tx) =>
    tx.query<{ bucket_id: string; name: string }>(
      'select bucket_id, name from storage.objects order by name',
    ),
  );

describe(`the course bucket's policies on hosted Supabase (${databaseKind})`, () => {
  it("let anon read the first published lesson's poster and the published preview lessons' files, nothing else", async () => {
    expect(await readableBy(ANONYMOUS_CALLER)).toEqual([
      { bucket_id: 'course', name: 'lessons/taster.mp4' },
      { bucket_id: 'course', name: 'lessons/taster.vtt' },
      { bucket_id: 'course', name: 'lessons/taster.webp' },
      { bucket_id: 'course', name: 'lessons/welcome.webp' },
    ]);
  });

  it('replace the policy of the first poster alone by the one of the files anyone may read', async () => {
    const policies = await db.query<{ policyname: string }>(
      "select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects' order by 1",
    );
    expect(policies.map((policy) => policy.policyname)).toEqual([
      'Signed-in learners read the files of published lessons',
      "Visitors read the preview lessons' files and the first poster",
    ]);
  });

  it("stop showing anon a lesson's files once it is no longer a preview", async () => {
    await db.exec(`update public.lessons set is_preview = false where slug = 'taster'`);
    try {
      expect((await readableBy(ANONYMOUS_CALLER)).map((object) => object.name)).toEqual([
        'lessons/welcome.webp',
      ]);
    } finally {
      await db.exec(`update public.lessons set is_preview = true where slug = 'taster'`);
    }
  });

  it("let a learner read every published lesson's files, and no draft's or loose file", async () => {
    expect((await readableBy(LEARNER)).map((object) => object.name)).toEqual([
      'lessons/second.mp4',
      'lessons/second.webp',
      'lessons/taster.mp4',
      'lessons/taster.vtt',
      'lessons/taster.webp',
      'lessons/welcome.mp4',
      'lessons/welcome.vtt',
      'lessons/welcome.webp',
    ]);
  });

  it('can run again, as a migration replayed on a project that has the policy', async () => {
    await db.exec(await storageBlockOf(FILES_FOR_ANYONE_MIGRATION));
    expect(await readableBy(ANONYMOUS_CALLER)).toHaveLength(4);
  });
});

/** A stream's folder: its master playlist, one rendition's playlist, init file and segment. */
const streamFiles = (folder: string) =>
  ['master.m3u8', '360p/index.m3u8', '360p/init_0.mp4', '360p/segment-000.m4s'].map(
    (file) => `lessons/${folder}/${file}`,
  );
const WELCOME_STREAM = 'a'.repeat(32);
const TASTER_STREAM = 'b'.repeat(32);
const DRAFT_STREAM = 'c'.repeat(32);

describe(`the course bucket's policies for adaptive streams (${databaseKind})`, () => {
  beforeAll(async () => {
    // Run again, as on a project that has the policies: the test above put back an older migration's.
    await db.exec(await storageBlockOf(STREAMS_MIGRATION));
    await db.exec(await storageBlockOf(CLOSED_FUNCTIONS_MIGRATION));
    await db.exec(await storageBlockOf(FILES_FOR_ANYONE_MIGRATION));
    for (const [slug, folder] of [
      ['welcome', WELCOME_STREAM],
      ['taster', TASTER_STREAM],
      ['early-draft', DRAFT_STREAM],
    ] as const) {
      await db.query('update public.lessons set stream_path = $2 where slug = $1', [
        slug,
        `lessons/${folder}/master.m3u8`,
      ]);
      for (const name of streamFiles(folder)) {
        await db.query(`insert into storage.objects (bucket_id, name) values ('course', $1)`, [name]);
      }
    }
    // A loose folder no lesson names, whose name begins as a stream's does.
    await db.query(`insert into storage.objects (bucket_id, name) values ('course', $1)`, [
      `lessons/${WELCOME_STREAM}x/segment-000.m4s`,
    ]);
  });

  const streamObjects = async (caller: Caller) =>
    (await readableBy(caller)).map((object) => object.name).filter((name) => /\/[0-9a-f]{32}x?\//.test(name));

  it("let anon read every file of a published preview's stream, and no other stream's", async () => {
    expect(await streamObjects(ANONYMOUS_CALLER)).toEqual(streamFiles(TASTER_STREAM).sort());
  });

  it("let a learner read the streams of published lessons, and not a draft's or a loose folder", async () => {
    expect(await streamObjects(LEARNER)).toEqual(
      [...streamFiles(WELCOME_STREAM), ...streamFiles(TASTER_STREAM)].sort(),
    );
  });
});
