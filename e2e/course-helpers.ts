/** The course journey's mailbox and player: the .eml files the server writes, and the lesson's <video>. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { readMime } from '../server/test/mime.ts';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';

/** The five placeholder lessons the server seeds on its first start, in their order. */
export const lessonTitles = [
  'Why plan with three lenses',
  'Lens one: trends',
  'Lens two: strengths',
  'Lens three: dreams',
  'From opportunities to action this week',
];

const mailFolder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

export interface MailMessage {
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** Every header, by its lower-case name. */
  headers: Map<string, string>;
}

/** Every message written to the file mailbox for `address`, oldest first (file names start with the time). */
async function mailTo(address: string, folder: string): Promise<MailMessage[]> {
  const files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  const messages: MailMessage[] = [];
  for (const file of files) {
    const { headers, parts } = readMime(await readFile(path.join(folder, file), 'utf8'));
    if (headers.get('to')?.toLowerCase() !== address.toLowerCase()) continue;
    messages.push({ subject: headers.get('subject') ?? '', text: parts.get('text/plain') ?? '', headers });
  }
  return messages;
}

/**
 * The messages for `address`, once there are `count` of them (the outbox worker delivers in the background), in
 * the mailbox of the specs' shared server or of a spec's own (`folder`: its DATA_DIR/mail).
 */
export async function waitForMail(
  address: string,
  count: number,
  folder = mailFolder,
): Promise<MailMessage[]> {
  await expect.poll(async () => (await mailTo(address, folder)).length, { timeout: 15_000 }).toBe(count);
  return mailTo(address, folder);
}

/** The address behind the e-mail's "Watch the course" button, as its plain-text part spells it out. */
export function watchLinkOf(message: Pick<MailMessage, 'text'> | undefined): string {
  const link = /^Watch the course: (\S+)$/m.exec(message?.text ?? '')?.[1];
  if (!link) throw new Error(`No "Watch the course" link in: ${message?.text}`);
  return link;
}

export const videoState = (video: Locator) =>
  video.evaluate((player: HTMLVideoElement) => ({
    currentTime: player.currentTime,
    captionsMode: player.textTracks[0]?.mode,
    cueCount: player.textTracks[0]?.cues?.length ?? 0,
    source: player.currentSrc,
  }));

/**
 * Starts or resumes a lesson with a tap, as a learner does (playing needs a user gesture): the large Play
 * control while it covers the player, the player itself after.
 */
export async function tapPlay(page: Page, video: Locator) {
  const cover = page.getByRole('button', { name: /^Play: / });
  if (await cover.isVisible()) await cover.click();
  else await video.click();
}

/** The sign-in form's words, on /course and /studio alike. */
export const signInCopy = {
  emailLabel: 'Your email',
  sendCode: 'Send me a code',
  haveCode: 'I already have a code',
  codeLabel: '6-digit code',
  signIn: 'Sign in',
};

/** Asks the sign-in form for a code for `address` (an e-mail with a code and a link), typing the address once. */
export async function sendSignInCode(page: Page, address: string) {
  await page.getByRole('textbox', { name: signInCopy.emailLabel }).fill(address);
  await page.getByRole('button', { name: signInCopy.sendCode }).click();
  await expect(page.getByRole('textbox', { name: signInCopy.codeLabel })).toBeFocused();
}

/** Types a code on the code screen and signs in with it. */
export async function typeSignInCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: signInCopy.codeLabel }).fill(code);
  await page.getByRole('button', { name: signInCopy.signIn, exact: true }).click();
}

/** The 6-digit code printed beside the link, as the plain-text part spells it out. */
export function codeOf(message: MailMessage | undefined): string {
  const code = /^Or sign in on any device with this code: (\d{6})$/m.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`No sign-in code in: ${message?.text}`);
  return code;
}

/** Opens an e-mail's sign-in link and taps "Continue to your course", the one action that spends it. */
export async function openSignInLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue to your course' }).click();
}

/** Signs up as the questionnaire's last step does: one POST to send-email, as supabase-js sends it. */
export async function signUpByRequest(request: APIRequestContext, name: string, email: string) {
  const answer = await request.post('/functions/v1/send-email', {
    headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
    data: { name, email },
  });
  expect(answer.ok()).toBe(true);
}

/**
 * The running server's database, through its Postgres socket in DATA_DIR (as the owner's tool reaches it): the
 * shared server's, or that of a spec's own server in `dataDir`.
 */
export async function withServerDatabase(
  use: (db: pg.Client) => Promise<void>,
  dataDir = process.env.E2E_DATA_DIR ?? '',
) {
  const folder = path.resolve(dataDir);
  const db = new pg.Client({
    connectionString: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(folder)}`,
  });
  await db.connect();
  try {
    await use(db);
  } finally {
    await db.end();
  }
}

/** Marks lessons watched as the page itself saves them: an upsert with the learner's own token, under RLS. */
export async function markWatched(page: Page, lessonIds: number[]) {
  const statuses = await page.evaluate(
    async ({ ids, anonKey }) => {
      const stored = Object.entries(localStorage).find(([key]) => key.endsWith('-auth-token'))?.[1] ?? '{}';
      const session = JSON.parse(stored) as { access_token: string; user: { id: string } };
      const answers = await Promise.all(
        ids.map((lessonId) =>
          fetch('/rest/v1/lesson_progress?on_conflict=user_id,lesson_id', {
            method: 'POST',
            headers: {
              apikey: anonKey,
              authorization: `Bearer ${session.access_token}`,
              'content-type': 'application/json',
              prefer: 'resolution=merge-duplicates,return=minimal',
            },
            body: JSON.stringify({
              user_id: session.user.id,
              lesson_id: lessonId,
              position_seconds: 40,
              completed_at: new Date().toISOString(),
            }),
          }),
        ),
      );
      return answers.map((answer) => answer.status);
    },
    { ids: lessonIds, anonKey: EMBEDDED_ANON_KEY },
  );
  expect(statuses.every((status) => status < 300)).toBe(true);
}
