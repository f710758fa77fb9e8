// What `npm run build` reads for a static host: the published words and lessons, through the project's API as a hosted
// Supabase answers it (here this server's own, which speaks the same REST).
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '../../../supabase/embedded-keys.ts';
import type { Database } from '../db/database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import { fetchPublishedOutline, fetchPublishedWords } from './published-words.mjs';

let db: Database;
let server: ReturnType<typeof serve>;
let apiUrl = '';

beforeAll(async () => {
  db = await createTestDatabase();
  const app = await createTestApp(db);
  server = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.close();
  await db.close();
});

describe(`the published words for a static host's build (${databaseKind})`, () => {
  it('are none before the first publish, then the newest version’s, read with the public key', async () => {
    const api = { apiUrl, anonKey: EMBEDDED_ANON_KEY };
    expect(await fetchPublishedWords(api)).toEqual({});
    await db.query(
      "insert into public.site_words_versions (words, published_by) values ($1, 'coach@example.com')",
      [JSON.stringify({ 'about.founderName': 'Sam Rivera' })],
    );
    expect(await fetchPublishedWords(api)).toEqual({ 'about.founderName': 'Sam Rivera' });
  });

  it('are refused to a wrong key, and the build says why', async () => {
    await expect(fetchPublishedWords({ apiUrl, anonKey: 'not-this-api-key' })).rejects.toThrow(
      /rpc\/published_site_words answered 401 .*is VITE_SUPABASE_ANON_KEY that API's public key\?/,
    );
    await expect(fetchPublishedWords({ apiUrl: 'http://127.0.0.1:9', anonKey: 'key' })).rejects.toThrow(
      /Could not reach http:\/\/127.0.0.1:9\/rest\/v1\/rpc\/published_site_words/,
    );
  });

  it('reads the published lessons as the view gives them to anyone, in the order /course reads them', async () => {
    const api = { apiUrl, anonKey: EMBEDDED_ANON_KEY };
    await db.exec(`insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
      values ('second', 'Second', 'lessons/second.mp4', 60, 2, true),
             ('first', 'First', 'lessons/first.mp4', 60, 1, true),
             ('draft', 'Draft', 'lessons/draft.mp4', 60, 3, false)`);
    const rows = await fetchPublishedOutline(api);
    expect(rows).toMatchObject([
      { slug: 'first', title: 'First', video_path: 'lessons/first.mp4' },
      { slug: 'second', title: 'Second', video_path: 'lessons/second.mp4' },
    ]);
    await expect(fetchPublishedOutline({ apiUrl, anonKey: 'not-this-api-key' })).rejects.toThrow(
      /course_outline\?select=.* answered 401/,
    );
  });
});
