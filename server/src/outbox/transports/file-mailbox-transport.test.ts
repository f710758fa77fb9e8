import { mkdtemp, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Log } from '../../../../supabase/functions/_shared/log.ts';
import { createFileMailboxTransport, deleteExpiredMail, eraseMailTo } from './file-mailbox-transport.ts';

const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };
const mail = (to: string, key: string) => ({
  from: 'Three Lenses <course@localhost>',
  to,
  subject: 'Your course',
  text: 'Hi there,',
  html: '<p>Hi there,</p>',
  idempotencyKey: key,
});

describe('the file mailbox', () => {
  it('writes private files into a private folder, made again when it was removed', async () => {
    const folder = path.join(await mkdtemp(path.join(os.tmpdir(), 'mailbox-')), 'mail');
    const transport = createFileMailboxTransport(folder, silent, { retentionDays: 30 });
    const previous = process.umask(0o022);
    try {
      await transport.send(mail('ada@example.com', 'course-access/1'));
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      const [file = ''] = await readdir(folder);
      expect((await stat(path.join(folder, file))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
      await transport.close?.();
    }
  });

  it('erases the files addressed to one person, in any capitalisation, and no one else', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'mailbox-'));
    const transport = createFileMailboxTransport(folder, silent, { retentionDays: 30 });
    await transport.send(mail('Ada@Example.com', 'course-access/1'));
    await transport.send(mail('ada@example.com', 'course-access/2'));
    await transport.send(mail('adam@example.com', 'course-access/3'));
    await transport.close?.();
    expect(await eraseMailTo(folder, 'ADA@example.com')).toBe(2);
    expect(await readdir(folder)).toEqual([expect.stringMatching(/course-access-3\.eml$/)]);
    expect(await eraseMailTo(path.join(folder, 'missing'), 'ada@example.com')).toBe(0);
  });

  it('deletes .eml files older than the retention, and only those', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'mailbox-'));
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    for (const [name, age] of [
      ['old.eml', 31 * day],
      ['recent.eml', 29 * day],
      ['notes.txt', 90 * day],
    ] as const) {
      const file = path.join(folder, name);
      await writeFile(file, 'To: x@example.com\n\n');
      await utimes(file, new Date(now - age), new Date(now - age));
    }
    expect(await deleteExpiredMail(folder, 30, now)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual(['notes.txt', 'recent.eml']);
  });
});
