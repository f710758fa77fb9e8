import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminIo } from '../admin-context.ts';
import type { AdminSession } from '../admin-session.ts';
import { writeNewFile } from '../commands/write-new-file.ts';
import { runAdmin } from '../program.ts';
import type { Database } from '../../server/src/db/index.ts';
import type { VideoTools } from '../../server/src/lessons/lessons-door.ts';
import { localBucket } from '../../server/src/storage/storage-door.ts';
import { eraseMailTo } from '../../server/src/outbox/file-mailbox-door.ts';
import { addressHasher } from '../../supabase/functions/_shared/log.ts';
import { erasureHasher } from '../erasures.ts';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
  /** How many times the command opened the database. */
  sessions: number;
}

/** Runs the real command-line program in-process over the given database, with a bucket folder and scripted answers. */
export const TEST_LOG_KEY = 'a-log-key-for-tests-only-0123456789';

/**
 * `videoTools` is what `lessons add|update --video` finds: by default no ffmpeg, so videos are kept as uploaded;
 * a test of the renditions passes ffmpeg with a test-size ladder.
 */
export async function createAdminRunner(
  db: Database,
  videoTools: VideoTools = { missing: 'No ffmpeg in these tests.' },
) {
  const bucketFolder = await mkdtemp(path.join(os.tmpdir(), 'bucket-'));
  // Inside a storage folder, as the server keeps it (DATA_DIR/storage/course), so a test can serve it too.
  const courseFolder = path.join(await mkdtemp(path.join(os.tmpdir(), 'storage-')), 'course');
  const mailFolder = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
  async function run(argv: string[], options: { answer?: string } = {}): Promise<AdminRun> {
    const result: AdminRun = { code: -1, stdout: '', stderr: '', sessions: 0 };
    const io: AdminIo = {
      stdout: (text) => void (result.stdout += text),
      stderr: (text) => void (result.stderr += text),
      confirm: async (question) => {
        result.stderr += question;
        return /^y(es)?$/i.test(options.answer ?? '');
      },
      writeNewFile,
    };
    const openSession = async (): Promise<AdminSession> => {
      result.sessions += 1;
      return {
        db,
        buckets: { guides: localBucket(bucketFolder), course: localBucket(courseFolder) },
        description: db.description,
        close: async () => undefined,
      };
    };
    const places = {
      eraseMail: (address: string) => eraseMailTo(mailFolder, address),
      logToken: addressHasher(TEST_LOG_KEY),
      erasureHasher: async () => erasureHasher(TEST_LOG_KEY),
    };
    result.code = await runAdmin(argv, { io, places, videoTools: () => videoTools, openSession });
    return result;
  }
  return {
    run,
    bucketFolder,
    courseFolder,
    mailFolder,
    readObject: (name: string) => readFile(path.join(bucketFolder, name)),
  };
}
