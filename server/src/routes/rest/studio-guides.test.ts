// The studio's Guides panel through REST as supabase-js sends it: the owner lists, adds, edits, reorders, shows
// or hides and deletes guides; a learner and a visitor are refused every one of those calls and still read only the
// active guides.
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';
import { solidPng } from '../../../test/test-images.ts';

const OWNER = '00000000-0000-4000-8000-0000000000d1';
const LEARNER = '00000000-0000-4000-8000-0000000000d2';

const rest = restCallers({ [OWNER]: 'coach@example.com', [LEARNER]: 'learner@example.com' }, async () => ({
  storageFolder: await mkdtemp(path.join(os.tmpdir(), 'storage-')),
}));
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`
    insert into public.owners (email) values ('coach@example.com');
    truncate public.guides restart identity;
    insert into public.guides (name, title, quote, image_url, order_index, is_active) values
      ('Amara Okafor', 'Strategist', 'Trends first.', 'amara.png', 1, true),
      ('Daniel Weber', 'Coach', null, null, 2, true),
      ('Helen Park', 'Retired', null, null, 3, false);
  `);
});

interface ListedGuide {
  id: number;
  name: string;
  is_active: boolean;
  order_index: number;
}
const names = (guides: ListedGuide[]) => guides.map((guide) => guide.name);

const calls = {
  studio_guides: {},
  studio_save_guide: { guide_id: null, name: 'Mallory', title: 'Intruder', quote: null, image_url: null },
  studio_reorder_guides: { guide_ids: [3, 2, 1] },
  studio_set_guide_active: { guide_id: 3, active: true },
  studio_delete_guide: { guide_id: 3 },
} as const;

describe(`the studio's guides through REST (${databaseKind})`, () => {
  it('refuses a learner (403) and a visitor (401) every guide function, changing nothing', async () => {
    const before = await rest.db.query('select * from public.guides order by id');
    for (const [name, args] of Object.entries(calls)) {
      expect(await as(LEARNER).rpc(name, args), name).toMatchObject({
        data: null,
        status: 403,
        error: { code: '42501', message: "This is for the course's owner." },
      });
      expect(await as().rpc(name, args), name).toMatchObject({ data: null, status: 401 });
    }
    expect(await rest.db.query('select * from public.guides order by id')).toEqual(before);
  });

  it('lists every guide to the owner, hidden ones too, in carousel order with their pictures', async () => {
    const { data, error } = await as(OWNER).rpc('studio_guides');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        name: 'Amara Okafor',
        title: 'Strategist',
        quote: 'Trends first.',
        image_url: 'amara.png',
        order_index: 1,
        is_active: true,
      },
      expect.objectContaining({ id: 2, name: 'Daniel Weber', is_active: true }),
      expect.objectContaining({ id: 3, name: 'Helen Park', is_active: false, order_index: 3 }),
    ]);
  });

  it('adds a guide at the end, trimmed and shown, and edits one, a blank quote or picture meaning none', async () => {
    const owner = as(OWNER);
    const added = await owner.rpc('studio_save_guide', {
      guide_id: null,
      name: '  Ada Lovelace ',
      title: 'Analyst',
      quote: '  ',
      image_url: '4f1c0d.png',
    });
    expect(added.error).toBeNull();
    expect((added.data as ListedGuide[]).at(-1)).toEqual({
      id: 4,
      name: 'Ada Lovelace',
      title: 'Analyst',
      quote: null,
      image_url: '4f1c0d.png',
      order_index: 4,
      is_active: true,
    });
    const edited = await owner.rpc('studio_save_guide', {
      guide_id: 1,
      name: 'Amara O.',
      title: 'Futurist',
      quote: 'Look ahead.',
      image_url: '',
    });
    expect((edited.data as ListedGuide[])[0]).toMatchObject({
      id: 1,
      name: 'Amara O.',
      title: 'Futurist',
      quote: 'Look ahead.',
      image_url: null,
    });
  });

  it('refuses what the owner’s tool refuses, naming the field, and an unknown guide', async () => {
    const owner = as(OWNER);
    const save = (changes: Record<string, unknown>) =>
      owner.rpc('studio_save_guide', {
        guide_id: null,
        name: 'Ada',
        title: 'Analyst',
        quote: null,
        image_url: null,
        ...changes,
      });
    for (const [changes, message] of [
      [{ name: ' ' }, 'Name must not be empty.'],
      [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
      [{ quote: 'x'.repeat(601) }, 'Quote must be at most 600 characters.'],
      [{ image_url: '../secret.png' }, 'Picture must be an http(s) address or a path in the guides bucket.'],
      [
        { image_url: 'javascript:alert(1)' },
        'Picture must be an http(s) address or a path in the guides bucket.',
      ],
      [{ guide_id: 999 }, 'No guide with id 999. Reload the list and try again.'],
    ] as const) {
      expect(await save(changes)).toMatchObject({ status: 400, error: { code: 'P0001', message } });
    }
    const [row] = await rest.db.query<{ count: number }>('select count(*)::int as count from public.guides');
    expect(row?.count).toBe(4);
  });

  it('reorders in one call, refusing a list that is not exactly the guides, and shows or hides a guide', async () => {
    const owner = as(OWNER);
    for (const guideIds of [
      [4, 3, 2],
      [4, 3, 2, 1, 1],
      [4, 3, 2, 99],
    ]) {
      expect(await owner.rpc('studio_reorder_guides', { guide_ids: guideIds })).toMatchObject({
        status: 400,
        error: {
          message: 'The new order must list every guide exactly once. Reload the list and try again.',
        },
      });
    }
    const reordered = await owner.rpc('studio_reorder_guides', { guide_ids: [4, 3, 2, 1] });
    expect(names(reordered.data as ListedGuide[])).toEqual([
      'Ada Lovelace',
      'Helen Park',
      'Daniel Weber',
      'Amara O.',
    ]);
    expect((reordered.data as ListedGuide[]).map((guide) => guide.order_index)).toEqual([1, 2, 3, 4]);

    const shown = await owner.rpc('studio_set_guide_active', { guide_id: 3, active: true });
    expect((shown.data as ListedGuide[])[1]).toMatchObject({ name: 'Helen Park', is_active: true });
    const hidden = await owner.rpc('studio_set_guide_active', { guide_id: 2, active: false });
    expect((hidden.data as ListedGuide[])[2]).toMatchObject({ name: 'Daniel Weber', is_active: false });

    // The landing page's own query, as a visitor: only the shown guides, in the new order.
    const carousel = await as()
      .from('guides')
      .select('name')
      .eq('is_active', true)
      .order('order_index', { ascending: true });
    expect(carousel.data).toEqual([{ name: 'Ada Lovelace' }, { name: 'Helen Park' }, { name: 'Amara O.' }]);
    const everything = await as().from('guides').select('name').eq('is_active', false);
    expect(everything.data).toEqual([]);
  });

  it('stores a picture as the studio does, and the landing page’s query finds it at its public address', async () => {
    const png = solidPng(3, 2, [20, 120, 200]);
    // The studio's name for a picture, as the owner's tool's: its content's hash and its format. The studio
    // sends the bytes raw, with the type they showed.
    const name = `${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`;
    const upload = (userId?: string) =>
      as(userId).storage.from('guides').upload(name, new Uint8Array(png), {
        contentType: 'image/png',
        cacheControl: '31536000',
        upsert: true,
      });

    expect((await upload(LEARNER)).data).toBeNull();
    expect((await upload()).data).toBeNull();
    expect(await upload(OWNER)).toMatchObject({ error: null, data: { path: name } });
    // The same picture again (another guide, or a second try) writes the same bytes.
    expect((await upload(OWNER)).error).toBeNull();
    const saved = await as(OWNER).rpc('studio_save_guide', {
      guide_id: 4,
      name: 'Ada Lovelace',
      title: 'Analyst',
      quote: null,
      image_url: name,
    });
    expect(saved.error).toBeNull();

    const visitor = as();
    const { data } = await visitor.from('guides').select('name, image_url').eq('name', 'Ada Lovelace');
    expect(data).toEqual([{ name: 'Ada Lovelace', image_url: name }]);
    const address = visitor.storage.from('guides').getPublicUrl(name).data.publicUrl;
    const served = await rest.app.request(new URL(address).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('deletes a guide for good, and refuses one that is not there', async () => {
    const owner = as(OWNER);
    const added = await owner.rpc('studio_save_guide', {
      guide_id: null,
      name: 'Short stay',
      title: 'Guest',
      quote: null,
      image_url: null,
    });
    expect(added.error).toBeNull();
    const guest = (added.data as ListedGuide[]).find((guide) => guide.name === 'Short stay');
    const deleted = await owner.rpc('studio_delete_guide', { guide_id: guest?.id });
    expect(deleted.error).toBeNull();
    expect(names(deleted.data as ListedGuide[])).not.toContain('Short stay');
    expect(await as().from('guides').select('name').eq('name', 'Short stay')).toMatchObject({ data: [] });
    expect(await owner.rpc('studio_delete_guide', { guide_id: guest?.id })).toMatchObject({
      status: 400,
      error: { message: `No guide with id ${guest?.id}. Reload the list and try again.` },
    });
  });
});
