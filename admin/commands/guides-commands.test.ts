import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createAdminRunner } from '../test/admin-runner.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';
import { IMAGE_HEADERS, solidPng } from '../../server/test/test-images.ts';
import { readGuideImage } from '../guide-image.ts';

let db: Database;
let files: string;
beforeAll(async () => {
  db = await createTestDatabase();
  files = await mkdtemp(path.join(os.tmpdir(), 'admin-files-'));
});
afterAll(() => db.close());

async function guides() {
  return db.query<{
    id: string;
    name: string;
    title: string;
    quote: string | null;
    image_url: string | null;
    order_index: number;
    is_active: boolean;
  }>(
    'select id::text as id, name, title, quote, image_url, order_index, is_active from public.guides order by order_index, id',
  );
}

async function seedThree() {
  await db.exec('truncate public.guides restart identity');
  await db.exec(`insert into public.guides (name, title, quote, image_url, order_index, is_active) values
    ('Amara Okafor', 'Strategist', 'Trends first.', 'amara.svg', 1, true),
    ('Daniel Weber', 'Coach', null, null, 2, true),
    ('Helen Park', 'Retired', null, 'https://cdn.example/helen.webp', 3, false)`);
}

describe(`guides commands on ${databaseKind}`, () => {
  let admin: Awaited<ReturnType<typeof createAdminRunner>>;
  beforeAll(async () => {
    admin = await createAdminRunner(db);
  });
  beforeEach(seedThree);

  it('guides list prints a table in carousel order', async () => {
    const result = await admin.run(['guides', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'ID  ORDER  ACTIVE  NAME          TITLE       IMAGE',
      '1   1      yes     Amara Okafor  Strategist  amara.svg',
      '2   2      yes     Daniel Weber  Coach',
      '3   3      no      Helen Park    Retired     https://cdn.example/helen.webp',
      '',
    ]);
  });

  it('guides list says so when there are none', async () => {
    await db.exec('truncate public.guides');
    const result = await admin.run(['guides', 'list']);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('No guides yet') });
  });

  it('guides add appends a guide, uploading its picture under a content-hashed name', async () => {
    const picture = path.join(files, 'ada portrait.png');
    await writeFile(picture, IMAGE_HEADERS.png);
    const result = await admin.run([
      'guides',
      'add',
      '--name',
      'Ada Lovelace',
      '--title',
      'Analyst',
      '--quote',
      'Numbers tell.',
      '--image',
      picture,
    ]);
    expect(result.code).toBe(0);
    const added = (await guides()).at(-1);
    expect(added).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Analyst',
      quote: 'Numbers tell.',
      order_index: 4,
      is_active: true,
    });
    expect(added?.image_url).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await admin.readObject(added?.image_url ?? '')).toEqual(IMAGE_HEADERS.png);
    expect(result.stdout).toBe(
      `Added guide 4 "Ada Lovelace" (order 4, active, image ${added?.image_url}).\n`,
    );
  });

  it('guides add --order makes room, and --inactive adds it hidden; a URL is stored as is', async () => {
    const result = await admin.run([
      'guides',
      'add',
      '--name',
      'Mei-Lin Chen',
      '--title',
      'Designer',
      '--order',
      '2',
      '--inactive',
      '--image',
      'https://images.example/mei.avif?w=400',
    ]);
    expect(result.code).toBe(0);
    expect((await guides()).map((g) => [g.name, g.order_index, g.is_active, g.image_url])).toEqual([
      ['Amara Okafor', 1, true, 'amara.svg'],
      ['Mei-Lin Chen', 2, false, 'https://images.example/mei.avif?w=400'],
      ['Daniel Weber', 3, true, null],
      ['Helen Park', 4, false, 'https://cdn.example/helen.webp'],
    ]);
    expect(await readdir(admin.bucketFolder)).not.toContainEqual(expect.stringMatching(/avif/));
  });

  it('guides update changes only what it is given, and --no-quote / --no-image clear', async () => {
    expect(
      (await admin.run(['guides', 'update', '1', '--title', 'Head of Strategy', '--no-quote', '--no-image']))
        .code,
    ).toBe(0);
    expect((await guides())[0]).toMatchObject({
      name: 'Amara Okafor',
      title: 'Head of Strategy',
      quote: null,
      image_url: null,
    });
    const picture = path.join(files, 'daniel.webp');
    await writeFile(picture, IMAGE_HEADERS.webp);
    const result = await admin.run([
      'guides',
      'update',
      '2',
      '--quote',
      'Plan for tasks.',
      '--image',
      picture,
    ]);
    expect(result.code).toBe(0);
    const daniel = (await guides())[1];
    expect(daniel).toMatchObject({ name: 'Daniel Weber', title: 'Coach', quote: 'Plan for tasks.' });
    expect(daniel?.image_url).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(result.stdout).toContain('Updated guide 2 "Daniel Weber"');
  });

  it('guides activate and deactivate switch is_active', async () => {
    expect(await admin.run(['guides', 'activate', '3'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Activated guide 3 "Helen Park"'),
    });
    expect((await admin.run(['guides', 'deactivate', '1'])).stdout).toContain(
      'Deactivated guide 1 "Amara Okafor" (order 1, inactive',
    );
    expect((await guides()).map((g) => g.is_active)).toEqual([false, true, true]);
  });

  it('guides move puts the guide at the position, moving the others down', async () => {
    expect((await admin.run(['guides', 'move', '3', '--order', '1'])).code).toBe(0);
    expect((await guides()).map((g) => [g.name, g.order_index])).toEqual([
      ['Helen Park', 1],
      ['Amara Okafor', 2],
      ['Daniel Weber', 3],
    ]);
    expect((await admin.run(['guides', 'move', '3', '--order', '10'])).code).toBe(0);
    expect((await guides()).map((g) => [g.name, g.order_index])).toEqual([
      ['Amara Okafor', 2],
      ['Daniel Weber', 3],
      ['Helen Park', 10],
    ]);
  });

  it('guides remove deletes the row', async () => {
    const result = await admin.run(['guides', 'remove', '2']);
    expect(result).toMatchObject({ code: 0, stdout: 'Removed guide 2 "Daniel Weber" (order 2, active).\n' });
    expect((await guides()).map((g) => g.name)).toEqual(['Amara Okafor', 'Helen Park']);
  });

  describe('bad arguments: a clear message, exit code 2, nothing changed', () => {
    const badArguments: [string[], RegExp][] = [
      [['guides', 'add', '--title', 'No name'], /required option '--name <name>' not specified/],
      [['guides', 'add', '--name', ' ', '--title', 'T'], /name: must not be empty/],
      [['guides', 'add', '--name', 'x'.repeat(121), '--title', 'T'], /name: must be at most 120 characters/],
      [
        ['guides', 'add', '--name', 'N', '--title', 'T', '--quote', 'q'.repeat(601)],
        /quote: must be at most 600/,
      ],
      [
        ['guides', 'add', '--name', 'N', '--title', 'T', '--order', 'first'],
        /--order must be a whole number/,
      ],
      [
        ['guides', 'add', '--name', 'N', '--title', 'T', '--image', 'nowhere.png'],
        /nowhere\.png: cannot read it/,
      ],
      [
        ['guides', 'add', '--name', 'N', '--title', 'T', '--image', 'https://'],
        /not a valid http\(s\) address/,
      ],
      [['guides', 'add', '--name', 'N', '--title', 'T', '--colour', 'red'], /unknown option '--colour'/],
      [['guides', 'update', '1'], /Nothing to change/],
      [['guides', 'update', 'one', '--name', 'N'], /ID must be a positive whole number/],
      [['guides', 'update', '99', '--name', 'N'], /No guide with id 99/],
      [['guides', 'activate', '0'], /ID must be a positive whole number/],
      [['guides', 'deactivate', '42'], /No guide with id 42/],
      [['guides', 'move', '1'], /required option '--order <n>' not specified/],
      [['guides', 'move', '1', '--order', '1.5'], /--order must be a whole number/],
      [['guides', 'move', '1', '--order', '99999999999'], /order_index: is too large/],
      [['guides', 'remove'], /missing required argument 'id'/],
      [['guides', 'remove', '7'], /No guide with id 7/],
      [['guides', 'rename', '1'], /unknown command 'rename'/],
    ];
    it.each(
      badArguments.map(
        ([argv, message]) => [argv.join(' ').replace(/(.)\1{20,}/g, '$1…'), argv, message] as const,
      ),
    )('%s', async (_, argv, message) => {
      const before = await guides();
      const objects = await readdir(admin.bucketFolder);
      const result = await admin.run(argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
      expect(await guides()).toEqual(before);
      expect(await readdir(admin.bucketFolder)).toEqual(objects);
    });

    it('refuses a file that is not an accepted image before touching the database', async () => {
      const notes = path.join(files, 'notes.png');
      await writeFile(notes, 'not a picture');
      const result = await admin.run(['guides', 'add', '--name', 'N', '--title', 'T', '--image', notes]);
      expect(result).toMatchObject({ code: 2, sessions: 0 });
      expect(result.stderr).toContain('not a JPEG, PNG, WebP or AVIF image');
    });

    it('uploads nothing when updating a guide that does not exist', async () => {
      const picture = path.join(files, 'stray.png');
      await writeFile(picture, solidPng(3, 3, [1, 2, 3]));
      const result = await admin.run(['guides', 'update', '77', '--image', picture]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('No guide with id 77');
      expect(await readdir(admin.bucketFolder)).not.toContain((await readGuideImage(picture)).objectName);
    });
  });
});

describe('--help', () => {
  it.each([
    [[], /Commands:\s+guides[\s\S]*signups[\s\S]*outbox/],
    [
      ['guides'],
      /Commands:[\s\S]*list[\s\S]*add[\s\S]*update[\s\S]*activate[\s\S]*deactivate[\s\S]*move[\s\S]*remove/,
    ],
    [['guides', 'list'], /in carousel order/],
    [['guides', 'add'], /--image <file\|url>[\s\S]*5 MB/],
    [['guides', 'update'], /--no-quote[\s\S]*--no-image/],
    [['guides', 'activate'], /show the guide/],
    [['guides', 'deactivate'], /hide the guide/],
    [['guides', 'move'], /--order <n>/],
    [['guides', 'remove'], /delete the guide for good/],
  ])('%j --help explains the command and exits 0', async (argv, text) => {
    const admin = await createAdminRunner(db);
    const result = await admin.run([...argv, '--help']);
    expect(result).toMatchObject({ code: 0, sessions: 0 });
    expect(result.stdout).toMatch(text);
  });
});
