// The owner's edit, as the studio publishes it: her photo uploaded to the public bucket `guides` under the name the
// studio gives it, then a version of the site's words with a new headline, her name, her bio and that photo. Each
// edit is timed from the version's insert to `GET /` serving HTML in its words: the server's publisher notices the
// version (every 2 s), renders the pages again and serves them.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { findOrInstallFfmpeg } from '../server/src/lessons/find-ffmpeg.ts';
import { serviceRoleKey } from './course-arrival.ts';
import { median } from './median.ts';

const run = promisify(execFile);

/**
 * The photo a coach uploads: a portrait cropped on her phone, three times the page's 480×560 box, a JPEG at the
 * quality a phone exports (ffmpeg's -q:v 3), with a camera's grain so it weighs what a photo does.
 */
const PHOTO = { width: 1440, height: 1680 };

/** What each edit changes besides its headline: who she is, in her words and her photo. */
const HER_WORDS = {
  'about.founderName': 'Maya Okafor',
  'about.founderRole': 'Career coach, former head of strategy at a retail group',
  'about.bio':
    'For twelve years I planned the future of a retail group with more than forty thousand people, reading the ' +
    'trends that decided which shops opened and which ones closed.\n\nNow I coach people who want the same ' +
    'clarity about their own work. This course is the method I use with them, in short lessons you can watch ' +
    'on the bus.',
  'about.photoAlt': 'Maya Okafor smiling in front of a bookshelf',
};

/** One headline per edit, as she tries a few: plain words, so the HTML carries them as they are. */
const HEADLINES = [
  'Find the work that fits the life you want',
  'What will you do with the next ten years?',
  'Plan your career the way strategists plan',
];

/** How often `GET /` is asked for the new words, and how long before an edit counts as never served. */
const POLL_MS = 50;
const DEADLINE_MS = 30_000;

export interface OwnerEditResult {
  /** The photo she uploaded: its name in the bucket and its size. */
  photo: { name: string; bytes: number };
  /** Per edit, in order: from the version's insert answered to `GET /` serving its headline. */
  publishToServedMs: number[];
  medianMs: number;
}

async function generatedPhoto(folder: string): Promise<Buffer> {
  const found = findOrInstallFfmpeg();
  if (found.missing !== undefined) throw new Error(found.missing);
  const file = path.join(folder, 'founder.jpg');
  await run(found.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${PHOTO.width}x${PHOTO.height}:duration=1`],
    ...['-frames:v', '1', '-vf', 'noise=alls=10:allf=t', '-q:v', '3', file],
  ]);
  return readFile(file);
}

/** Uploads `photo` as the studio does (src/features/studio/pictures/upload-picture.ts); answers its name. */
async function uploadPhoto(siteUrl: string, key: string, photo: Buffer): Promise<string> {
  const name = `${createHash('sha256').update(photo).digest('hex').slice(0, 32)}.jpg`;
  const response = await fetch(`${siteUrl}/storage/v1/object/guides/${name}`, {
    method: 'POST',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'image/jpeg',
      'x-upsert': 'true',
    },
    body: photo,
  });
  if (!response.ok)
    throw new Error(`Uploading the photo failed: ${response.status} ${await response.text()}`);
  return name;
}

async function publish(siteUrl: string, key: string, words: Record<string, string>) {
  const response = await fetch(`${siteUrl}/rest/v1/site_words_versions`, {
    method: 'POST',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ words, published_by: 'owner@bench.example' }),
  });
  if (!response.ok) throw new Error(`Publishing failed: ${response.status} ${await response.text()}`);
}

/** Ms from now until `GET /` serves HTML that contains `text`. */
async function untilServed(siteUrl: string, text: string): Promise<number> {
  const start = performance.now();
  for (;;) {
    const html = await (await fetch(`${siteUrl}/`)).text();
    const elapsed = performance.now() - start;
    if (html.includes(text)) return elapsed;
    if (elapsed > DEADLINE_MS) throw new Error(`GET / did not serve "${text}" within ${DEADLINE_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Publishes the owner's edit on the server at `siteUrl` (started with `jwtSecret`) once per headline, each timed
 * until it is served; the last one stays published. `folder` holds the generated photo.
 */
export async function publishOwnerEdits(
  siteUrl: string,
  jwtSecret: string,
  folder: string,
  log: (line: string) => void,
): Promise<OwnerEditResult> {
  const key = await serviceRoleKey(jwtSecret);
  const photo = await generatedPhoto(folder);
  const name = await uploadPhoto(siteUrl, key, photo);
  log(`Owner's edit: her photo uploaded (${name}, ${Math.round(photo.byteLength / 1000)} KB)…`);
  const publishToServedMs: number[] = [];
  for (const headline of HEADLINES) {
    await publish(siteUrl, key, {
      ...HER_WORDS,
      'about.photo': name,
      'hero.headlineProfane': headline,
      'hero.headlineClean': headline,
    });
    const servedMs = await untilServed(siteUrl, headline);
    publishToServedMs.push(servedMs);
    log(`  "${headline}": served ${Math.round(servedMs)} ms after Publish`);
  }
  return {
    photo: { name, bytes: photo.byteLength },
    publishToServedMs,
    medianMs: median(publishToServedMs),
  };
}
