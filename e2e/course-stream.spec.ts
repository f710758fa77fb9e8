import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { findOrInstallFfmpeg } from '../server/src/lessons/find-ffmpeg.ts';
import { type ServerProcess, spawnServer } from '../scripts/server-process.mjs';
import { readMime } from '../server/test/mime.ts';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { openSignInLink, tapPlay, videoState, watchLinkOf } from './course-helpers';
import { FFMPEG_TEST_TIMEOUT } from '../server/test/ffmpeg-test-timeout.ts';

// An adaptive lesson from the owner's upload to the learner's screen: `lessons add` converts a generated video
// into an HLS ladder while the site runs, a learner plays it on /course through hls.js, with captions, and comes
// back to where they left it, and once it is a free preview a visitor without a session plays it too, and on a
// slow link plays its slow-link MP4. Its own server and data folder: the lesson it adds must not show up in the
// other specs, which share the server scripts/e2e.mjs started.
const root = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);
const TITLE = 'A streamed lesson';
let dataDir = '';
let server: ServerProcess | undefined;

// One server for both tests; the second makes the lesson a free preview.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(FFMPEG_TEST_TIMEOUT);
  const found = findOrInstallFfmpeg();
  if (found.missing !== undefined) throw new Error(found.missing);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-stream-'));
  server = await spawnServer({ env: { DATA_DIR: dataDir } });
  // Eight seconds at 540p: three rungs of the lessons' ladder (240p, 360p and 540p), two 4-second segments each.
  const source = path.join(dataDir, 'lesson.mp4');
  await run(found.ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=25:duration=8'],
    ...['-f', 'lavfi', '-i', 'sine=duration=8', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
  ]);
  const seeded = path.join(root, 'supabase/storage/course/lessons');
  await admin(
    ...['lessons', 'add', '--title', TITLE, '--summary', 'Streamed.', '--video', source],
    ...[
      '--captions',
      path.join(seeded, 'why-three-lenses.vtt'),
      '--poster',
      path.join(seeded, 'why-three-lenses.webp'),
    ],
    ...['--order', '1', '--publish'],
  );
});

/** `npm run admin -- …` as the owner types it, on the data folder of the running server. */
async function admin(...args: string[]) {
  await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
}

test.afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The sign-in link of the one e-mail the server has written to its file mailbox. */
async function signInLink(): Promise<string> {
  const mail = path.join(dataDir, 'mail');
  await expect
    .poll(async () => (await readdir(mail).catch(() => [])).filter((name) => name.endsWith('.eml')), {
      timeout: 15_000,
    })
    .toHaveLength(1);
  const [file] = (await readdir(mail)).filter((name) => name.endsWith('.eml'));
  const { parts } = readMime(await readFile(path.join(mail, file ?? ''), 'utf8'));
  return watchLinkOf({ text: parts.get('text/plain') ?? '' });
}

const streamedVideo = (page: Page) => page.getByLabel(TITLE, { exact: true }).and(page.locator('video'));

test('a learner plays an adaptive lesson with captions, from private segments, and resumes it', async ({
  page,
  request,
}) => {
  const base = server?.url ?? '';
  const signedUp = await request.post(`${base}/functions/v1/send-email`, {
    headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
    data: { name: 'Grace Hopper', email: 'grace@example.com' },
  });
  expect(signedUp.ok()).toBe(true);
  const segments: string[] = [];
  page.on('response', (response) => {
    if (/\.m4s\?token=/.test(response.url()) && response.ok()) segments.push(response.url());
  });
  await openSignInLink(page, (await signInLink()).replace(/^https?:\/\/[^/]+/, base));

  const video = streamedVideo(page);
  /** The save the pause sends: the position past 5.5 s, the lesson not yet watched. */
  const pausedSave = page.waitForResponse((response) => {
    const sent = response.request();
    if (!response.url().includes('/rest/v1/lesson_progress') || sent.method() !== 'POST') return false;
    const body: unknown = JSON.parse(sent.postData() ?? 'null');
    return (Array.isArray(body) ? body : [body]).some(
      (row: { position_seconds?: number; completed_at?: string | null } | null) =>
        (row?.position_seconds ?? 0) >= 5.5 && !row?.completed_at,
    );
  });
  await test.step('it plays through hls.js (Media Source), from the lowest rendition, captions on', async () => {
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect
      .poll(() => video.evaluate((player: HTMLVideoElement) => player.readyState))
      .toBeGreaterThan(0);
    expect((await videoState(video)).source).toMatch(/^blob:/);
    // The lesson is 8 s: paused at 5.5 s by the page itself, it is past the resume point (5 s) and short of
    // watched (90 %), however slow this machine is between two of the test's looks.
    await video.evaluate((player: HTMLVideoElement) => {
      const pauseLate = () => {
        if (player.currentTime < 5.5) return;
        player.pause();
        player.removeEventListener('timeupdate', pauseLate);
      };
      player.addEventListener('timeupdate', pauseLate);
    });
    await tapPlay(page, video);
    await expect
      .poll(
        async () => video.evaluate((player: HTMLVideoElement) => player.paused && player.currentTime >= 5.5),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const state = await videoState(video);
    expect(state.captionsMode).toBe('showing');
    expect(state.cueCount).toBeGreaterThan(0);
    // It starts at the lowest rung, the one a 400 kbit/s phone can play.
    expect(segments[0]).toContain('/240p/');
    const unsigned = await request.get(segments[0]?.split('?')[0] ?? '');
    expect(unsigned.ok()).toBe(false);
  });

  await test.step('paused and reloaded, it opens where it was left', async () => {
    await pausedSave;
    const left = (await videoState(video)).currentTime;
    await page.reload();
    // The page signs in from its stored session, reads the lessons and the progress, and loads hls.js again.
    await expect(page.getByRole('button', { name: 'Start from the beginning' })).toBeVisible({
      timeout: 30_000,
    });
    await expect
      .poll(async () => (await videoState(streamedVideo(page))).currentTime)
      .toBeGreaterThanOrEqual(Math.floor(left) - 1);
  });
});

test('a visitor without a session plays the stream of a free preview, with captions', async ({ page }) => {
  await admin('lessons', 'edit', 'a-streamed-lesson', '--preview');
  await page.goto(`${server?.url ?? ''}/course`);
  await page.getByRole('button', { name: 'Watch lesson 1 now, free' }).click();
  const video = streamedVideo(page);
  await expect.poll(() => video.evaluate((player: HTMLVideoElement) => player.readyState)).toBeGreaterThan(0);
  expect((await videoState(video)).source).toMatch(/^blob:/);
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(2);
  expect(await videoState(video)).toMatchObject({ captionsMode: 'showing' });
  await expect(video).toHaveAttribute('poster', /\/storage\/v1\/object\/sign\/course\/lessons\/.+\?token=/);
});

test('on a slow link the free preview plays its slow-link MP4, without the stream player or a poster', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // 400 kbit/s each way: the browser estimates the link under 1 Mbit/s, where the stream could not climb.
  const slow = { offline: false, latency: 40, downloadThroughput: 50_000, uploadThroughput: 50_000 };
  await cdp.send('Network.emulateNetworkConditions', slow);
  const streamPlayer: string[] = [];
  page.on('request', (sent) => {
    if (/play-stream|\.m3u8/.test(sent.url())) streamPlayer.push(sent.url());
  });
  // Pictures from the bucket: the lesson's poster, in the player or over the outline.
  const pictures: string[] = [];
  page.on('request', (sent) => {
    if (/\/storage\/v1\/object\/sign\/course\/.+\.(webp|jpg|png)\?/.test(sent.url()))
      pictures.push(sent.url());
  });
  await page.goto(`${server?.url ?? ''}/course`);
  await page.getByRole('button', { name: 'Watch lesson 1 now, free' }).click();
  const video = streamedVideo(page);
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 60_000 })
    .toBeGreaterThan(1);
  expect((await videoState(video)).source).toMatch(/\/slow-link\.mp4\?token=/);
  expect(await video.evaluate((player: HTMLVideoElement) => player.videoHeight)).toBe(240);
  expect(streamPlayer).toEqual([]);
  expect(await video.getAttribute('poster')).toBeNull();
  expect(pictures).toEqual([]);
});
