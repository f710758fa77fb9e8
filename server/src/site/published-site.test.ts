// The owner's published words reach the prerendered pages without a rebuild: rendered in-process from the
// build's own server bundle and template (the real dist/, built first when it is stale), served at once.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../../scripts/build.mjs';
import { isBuildCurrent, root } from '../../../scripts/build-stamp.mjs';
import { seedSqlFile } from '../../../scripts/seeded-lessons.mjs';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { Database } from '../db/database.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { loadSite } from '../routes/static/load-site.ts';
import { startSitePublisher } from './published-site.ts';

const dist = path.join(root, 'dist');
const log: Log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let db: Database;

beforeAll(async () => {
  // npm test builds dist/ before its suites; run alone, this builds it as npm start would.
  if (!isBuildCurrent()) await buildSite();
  db = await createTestDatabase();
  // The seeded lessons, published, as on a new installation: the outline the build rendered /course with.
  await db.exec(await readFile(seedSqlFile, 'utf8'));
}, 180_000);
afterAll(() => db?.close());

const publish = (words: Record<string, string>) =>
  db.query(
    "insert into public.site_words_versions (words, published_by) values ($1, 'coach@example.com') returning id",
    [JSON.stringify(words)],
  );
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

describe(`the published site words (${databaseKind})`, () => {
  it('renders every page again in the newest version’s words, as text, and serves them with new ETags', async () => {
    const site = loadSite(dist);
    const app = await createTestApp(db, { site });
    const built = site.files.get('/index.html');
    const image = site.files.get('/og-image.png');
    expect(text(built?.identity)).toContain('<script id="site-words" type="application/json">{}</script>');
    const publisher = startSitePublisher(db, log, site, { distDir: dist, intervalSeconds: 0.05 });
    try {
      await publish({
        'hero.headlineProfane': '<b>Mine</b>, now',
        'about.founderName': 'Sam Rivera',
        'page.title': 'Sam’s free course',
        'page.description': "From $199: $& and $' stay as typed.",
        'guides.title': 'People I trust',
        'privacy.controller': 'Sam Rivera <Coaching>',
        'privacy.contact': 'privacy@example.com',
        'plan.trends1': 'Which trend worries you most?',
        'about.photo': `${'b'.repeat(32)}.jpg`,
        'page.shareImage': `${'c'.repeat(32)}.png`,
      });
      await vi.waitFor(() => expect(site.files.get('/index.html')).not.toBe(built), { timeout: 60_000 });
      const response = await app.request('/', { headers: { 'if-none-match': built?.etag ?? '' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).not.toBe(built?.etag);
      const html = await response.text();
      expect(html).toContain('&lt;b&gt;Mine&lt;/b&gt;, now</h1>');
      expect(html).not.toContain('<b>Mine</b>');
      expect(html).toContain('Sam Rivera');
      expect(html).toContain('<title>Sam’s free course</title>');
      expect(html).toContain('<meta property="og:title" content="Sam’s free course"');
      expect(html).toContain('content="From $199: $&amp; and $\' stay as typed."');
      expect(html).toContain(`src="/storage/v1/object/public/guides/${'b'.repeat(32)}.jpg"`);
      // A share image is shared by its full address; the shipped one's size and description go with it.
      expect(html).toMatch(
        new RegExp(
          `<meta property="og:image" content="https?://[^"]+/storage/v1/object/public/guides/${'c'.repeat(32)}\\.png"`,
        ),
      );
      expect(html).not.toContain('og:image:width');
      expect(html).not.toContain('og:image:alt');
      const embedded =
        /<script id="site-words" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
      expect(embedded).toContain('\\u003cb>Mine\\u003c/b>');
      expect(JSON.parse(embedded)).toMatchObject({
        'hero.headlineProfane': '<b>Mine</b>, now',
        'about.founderName': 'Sam Rivera',
      });
      const home = site.files.get('/index.html');
      expect(text(brotliDecompressSync(home?.br ?? new Uint8Array()))).toBe(html);
      // Every other prerendered page carries the words for its hydration too; the rest of the site is as built.
      expect(text(site.files.get('/course.html')?.identity)).toContain('"about.founderName":"Sam Rivera"');
      expect(text(site.notFound?.identity)).toContain('"about.founderName":"Sam Rivera"');
      // Her words on the pages only they show are in their HTML too, as text.
      expect(html).toContain('People I trust</h2>');
      const privacy = text(site.files.get('/privacy.html')?.identity);
      expect(privacy).toContain('Sam Rivera &lt;Coaching&gt;</p>');
      expect(privacy).toContain('href="mailto:privacy@example.com"');
      expect(privacy).not.toContain('reply to the course e-mail, or write to the address it came from.</p>');
      expect(text(site.files.get('/course/plan.html')?.identity)).toContain('Which trend worries you most?');
      expect(site.files.get('/og-image.png')).toBe(image);
      expect(log.info).toHaveBeenCalledWith({ event: 'site.published', version: expect.any(Number) });

      // A restored or newer version replaces them again; no new version, no new render.
      const first = site.files.get('/index.html');
      await publish({ 'about.founderName': 'Sam R.' });
      await vi.waitFor(() => expect(site.files.get('/index.html')).not.toBe(first), { timeout: 60_000 });
      const second = site.files.get('/index.html');
      expect(text(second?.identity)).toContain('Sam R.');
      expect(text(second?.identity)).toContain('What the f*ck should I do for a living?');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(site.files.get('/index.html')).toBe(second);
    } finally {
      await publisher.stop();
    }
  });

  it('calls a static host’s build hook for a version published while it runs, not for the one it found', async () => {
    const calls: string[] = [];
    const hook = createServer((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      response.end('ok');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const deployHookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc`;
    const site = loadSite(dist);
    const built = site.files.get('/index.html');
    const publisher = startSitePublisher(db, log, site, {
      distDir: dist,
      intervalSeconds: 0.05,
      deployHookUrl,
    });
    try {
      await vi.waitFor(() => expect(site.files.get('/index.html')).not.toBe(built), { timeout: 60_000 });
      expect(calls).toEqual([]);
      await publish({ 'about.founderName': 'Sam, again' });
      await vi.waitFor(() => expect(calls).toEqual(['POST /build_hooks/abc']), { timeout: 60_000 });
      await vi.waitFor(() =>
        expect(log.info).toHaveBeenCalledWith({
          event: 'site.deploy_hook_called',
          version: expect.any(Number),
        }),
      );

      // A version that changes only an e-mail's words leaves the pages and the static host as they are.
      await vi.waitFor(() => expect(text(site.files.get('/index.html')?.identity)).toContain('Sam, again'), {
        timeout: 60_000,
      });
      const served = site.files.get('/index.html');
      const [{ id }] = (await publish({
        'about.founderName': 'Sam, again',
        'email.course.subject': 'Your course, from Sam',
      })) as [{ id: number }];
      await vi.waitFor(() =>
        expect(log.info).toHaveBeenCalledWith({ event: 'site.pages_unchanged', version: Number(id) }),
      );
      expect(site.files.get('/index.html')).toBe(served);
      expect(calls).toEqual(['POST /build_hooks/abc']);
    } finally {
      await publisher.stop();
      hook.close();
    }
  });

  it('renders /course again with the published lessons when they change, and carries them for hydration', async () => {
    const site = loadSite(dist);
    const query = vi.spyOn(db, 'query');
    const publisher = startSitePublisher(db, log, site, { distDir: dist, intervalSeconds: 0.05 });
    try {
      // Past its first passes (which render the words found at its start, if any).
      await vi.waitFor(
        () =>
          expect(query.mock.calls.filter(([sql]) => sql.includes('course_outline')).length).toBeGreaterThan(
            3,
          ),
        { timeout: 60_000 },
      );
      const before = site.files.get('/course.html');
      expect(text(before?.identity)).toContain('Why plan with three lenses</');
      await db.exec(
        "update public.lessons set title = 'Start <here>, with Sam' where slug = 'why-three-lenses'",
      );
      await vi.waitFor(() => expect(site.files.get('/course.html')).not.toBe(before), { timeout: 60_000 });
      const html = text(site.files.get('/course.html')?.identity);
      expect(html).toContain('Start &lt;here&gt;, with Sam</');
      expect(html).not.toContain('Why plan with three lenses</');
      const carried = /<script id="course-outline" type="application\/json">([^<]*)<\/script>/.exec(
        html,
      )?.[1];
      expect(carried).toContain('\\u003chere>');
      expect(JSON.parse(carried ?? '[]')[0]).toMatchObject({
        slug: 'why-three-lenses',
        title: 'Start <here>, with Sam',
        video_path: 'lessons/why-three-lenses.mp4',
      });
      // Only /course carries the outline.
      expect(text(site.files.get('/index.html')?.identity)).not.toContain('course-outline');
      const rendered = site.files.get('/course.html');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(site.files.get('/course.html')).toBe(rendered);
    } finally {
      await publisher.stop();
      query.mockRestore();
    }
  });

  it('leaves the site as built while the published lessons are those it was built with', async () => {
    const fresh = await createTestDatabase();
    try {
      await fresh.exec(await readFile(seedSqlFile, 'utf8'));
      const site = loadSite(dist);
      const built = site.files.get('/course.html');
      const quiet: Log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      const query = vi.spyOn(fresh, 'query');
      const publisher = startSitePublisher(fresh, quiet, site, { distDir: dist, intervalSeconds: 0.05 });
      await vi.waitFor(() =>
        expect(query.mock.calls.filter(([sql]) => sql.includes('course_outline')).length).toBeGreaterThan(3),
      );
      await publisher.stop();
      expect(site.files.get('/course.html')).toBe(built);
      expect(quiet.info).not.toHaveBeenCalled();
      expect(quiet.error).not.toHaveBeenCalled();
    } finally {
      await fresh.close();
    }
  });
});
