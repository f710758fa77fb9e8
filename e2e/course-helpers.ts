/** The course journey's mailbox and player: the .eml files the server writes, and the lesson's <video>. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { readMime } from '../server/test/mime.ts';

const mailFolder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

export interface MailMessage {
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

/** Every message written to the file mailbox for `address`, oldest first (file names start with the time). */
async function mailTo(address: string): Promise<MailMessage[]> {
  const files = (await readdir(mailFolder).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  const messages: MailMessage[] = [];
  for (const file of files) {
    const { headers, parts } = readMime(await readFile(path.join(mailFolder, file), 'utf8'));
    if (headers.get('to')?.toLowerCase() !== address.toLowerCase()) continue;
    messages.push({ subject: headers.get('subject') ?? '', text: parts.get('text/plain') ?? '' });
  }
  return messages;
}

/** The messages for `address`, once there are `count` of them (the outbox worker delivers in the background). */
export async function waitForMail(address: string, count: number): Promise<MailMessage[]> {
  await expect.poll(async () => (await mailTo(address)).length, { timeout: 15_000 }).toBe(count);
  return mailTo(address);
}

/** The address behind the e-mail's "Watch the course" button, as its plain-text part spells it out. */
export function watchLinkOf(message: MailMessage | undefined): string {
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
