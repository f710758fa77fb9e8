import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_CALLER, type Caller, runAsCaller } from '../../http/caller.ts';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, databaseKind, supabaseFolder } from '../../../test/test-database.ts';

/**
 * The studio's storage policies on hosted Supabase, which the embedded upload routes stand in for: run here
 * over a minimal `storage` schema, as Supabase Storage runs them, as the caller.
 */

const OWNER_ID = '00000000-0000-4000-8000-0000000000f1';
const LEARNER_ID = '00000000-0000-4000-8000-0000000000f2';
const signedIn = (sub: string): Caller => ({ role: 'authenticated', claims: { role: 'authenticated', sub } });
const OWNER = signedIn(OWNER_ID);
const LEARNER = signedIn(LEARNER_ID);

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(`
    create schema storage;
    create table storage.buckets (
      id text primary key, name text, public boolean, file_size_limit bigint, allowed_mime_types text[]
    );
    create table storage.objects (id bigint generated always as identity primary key, bucket_id text, name text);
    alter table storage.objects enable row level security;
    grant usage on schema storage to anon, authenticated;
    grant select, insert, update, delete on storage.objects to anon, authenticated;
    grant usage on sequence storage.objects_id_seq to anon, authenticated;
    insert into auth.users (id, email) values
      ('${OWNER_ID}', 'Coach@Example.com'), ('${LEARNER_ID}', 'learner@example.com');
    insert into public.owners (email) values ('coach@example.com');
    insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
    values ('draft', 'Draft', 'lessons/draft.mp4', 40, 1, false);
    insert into storage.objects (bucket_id, name) values ('course', 'lessons/draft.mp4'), ('guides', 'ada.png');
  `);
  const migration = await readFile(
    path.join(supabaseFolder, 'migrations', '20261128000600_studio_storage.sql'),
    'utf8',
  );
  const block = /do \$\$[\s\S]*?end \$\$;/.exec(migration)?.[0];
  if (!block) throw new Error('the migration has no storage block');
  await db.exec(block);
});
afterAll(() => db.close());

const as = <T>(caller: Caller, statement: string) =>
  runAsCaller(db, caller, (tx) => tx.query<T & Record<string, unknown>>(statement));
const names = (caller: Caller) =>
  as<{ name: string }>(
    caller,
    "select bucket_id || '/' || name as name from storage.objects order by 1",
  ).then((rows) => rows.map((row) => row.name));

describe(`the studio's storage policies on hosted Supabase (${databaseKind})`, () => {
  it('make the guides bucket public, its pictures at most 5 MB', async () => {
    expect(await db.query('select id, public, file_size_limit::int as limit from storage.buckets')).toEqual([
      { id: 'guides', public: true, limit: 5 * 1024 * 1024 },
    ]);
  });

  it('let an owner add, replace and delete files in guides and course, and read a draft lesson’s file', async () => {
    await as(
      OWNER,
      `insert into storage.objects (bucket_id, name) values ('course', 'lessons/new.mp4'), ('guides', 'grace.png')`,
    );
    expect(await names(OWNER)).toEqual([
      'course/lessons/draft.mp4',
      'course/lessons/new.mp4',
      'guides/ada.png',
      'guides/grace.png',
    ]);
    const replaced = await as(
      OWNER,
      `update storage.objects set name = 'lessons/newer.mp4' where name = 'lessons/new.mp4' returning id`,
    );
    expect(replaced).toHaveLength(1);
    const deleted = await as(
      OWNER,
      `delete from storage.objects where name in ('lessons/newer.mp4', 'grace.png') returning id`,
    );
    expect(deleted).toHaveLength(2);
    await expect(
      as(OWNER, `insert into storage.objects (bucket_id, name) values ('elsewhere', 'x.png')`),
    ).rejects.toThrow(/row-level security/);
  });

  it('give a learner and a visitor no write and no draft, as before', async () => {
    for (const caller of [LEARNER, ANONYMOUS_CALLER]) {
      await expect(
        as(caller, `insert into storage.objects (bucket_id, name) values ('guides', 'x.png')`),
      ).rejects.toThrow(/row-level security|permission denied/);
      expect(await as(caller, `update storage.objects set name = 'x' returning id`)).toEqual([]);
      expect(await as(caller, `delete from storage.objects returning id`)).toEqual([]);
      expect(await names(caller)).toEqual([]);
    }
    expect(await db.query('select count(*)::int as count from storage.objects')).toEqual([{ count: 2 }]);
  });

  it('let the public buckets take only JPEG, PNG, WebP and AVIF files, and leave a private bucket’s types', async () => {
    await db.exec(`insert into storage.buckets (id, name, public) values ('course', 'course', false)`);
    try {
      const migration = await readFile(
        path.join(supabaseFolder, 'migrations', '20261130000200_closed_functions_and_picture_buckets.sql'),
        'utf8',
      );
      const block = /do \$\$[\s\S]*?end \$\$;/.exec(migration)?.[0];
      if (!block) throw new Error('the migration has no storage block');
      await db.exec(block);
      expect(await db.query('select id, allowed_mime_types from storage.buckets order by id')).toEqual([
        { id: 'course', allowed_mime_types: null },
        { id: 'guides', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] },
      ]);
    } finally {
      await db.exec(`delete from storage.buckets where id = 'course'`);
    }
  });

  it('make the teaser bucket public, for videos and captions, written by owners only', async () => {
    const migration = await readFile(
      path.join(supabaseFolder, 'migrations', '20261203000600_site_media.sql'),
      'utf8',
    );
    const block = /do \$\$[\s\S]*?end \$\$;/.exec(migration)?.[0];
    if (!block) throw new Error('the migration has no storage block');
    await db.exec(block);
    expect(
      await db.query(`select public, allowed_mime_types from storage.buckets where id = 'teaser'`),
    ).toEqual([{ public: true, allowed_mime_types: ['video/mp4', 'video/webm', 'text/vtt'] }]);
    await as(OWNER, `insert into storage.objects (bucket_id, name) values ('teaser', 'video-1-2.mp4')`);
    expect(await names(OWNER)).toContain('teaser/video-1-2.mp4');
    await expect(
      as(LEARNER, `insert into storage.objects (bucket_id, name) values ('teaser', 'video-3-4.mp4')`),
    ).rejects.toThrow(/row-level security/);
    expect(await as(LEARNER, `delete from storage.objects where bucket_id = 'teaser' returning id`)).toEqual(
      [],
    );
    // The owner still writes the other buckets through the policies that replaced theirs.
    await as(OWNER, `insert into storage.objects (bucket_id, name) values ('guides', 'hers.png')`);
    expect(await as(OWNER, `delete from storage.objects where name = 'hers.png' returning id`)).toHaveLength(
      1,
    );
  });
});
