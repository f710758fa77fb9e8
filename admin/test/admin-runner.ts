import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAdminApp } from '../src/app.ts';
import type { AdminApi } from '../src/admin/admin-api.ts';
import type { AdminSession } from '../src/admin/admin-session.ts';
import { type AdminIo, runAdmin } from '../src/admin/cli/admin-program.ts';
import { writeNewFile } from '../src/admin/cli/write-new-file.ts';
import { createDatabaseAdmin } from '../src/admin/database-admin.ts';
import { localGuidesBucket } from '../src/admin/guides-bucket.ts';
import { createRemoteAdmin } from '../src/admin/remote-admin.ts';
import type { Database } from '../src/db/database.ts';

export const ADMIN_MODES = ['straight on the database', 'through the admin endpoint'] as const;
export type AdminMode = (typeof ADMIN_MODES)[number];

/** The admin operations in either mode; the endpoint one goes through the real route group and its token check. */
function adminFor(db: Database, mode: AdminMode): AdminApi {
  const direct = createDatabaseAdmin(db);
  if (mode === 'straight on the database') return direct;
  const token = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';
  const app = createAdminApp({ admin: direct, token });
  return createRemoteAdmin({ url: 'http://127.0.0.1', token }, async (input, init) =>
    app.request(input, init),
  );
}

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
  /** How many times the command opened the database. */
  sessions: number;
}

/** Runs the real command-line program in-process over the given database, with a bucket folder and scripted answers. */
export async function createAdminRunner(db: Database, mode: AdminMode) {
  const bucketFolder = await mkdtemp(path.join(os.tmpdir(), 'bucket-'));
  const admin = adminFor(db, mode);
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
        admin,
        bucket: localGuidesBucket(bucketFolder),
        description: mode,
        close: async () => undefined,
      };
    };
    result.code = await runAdmin(argv, { io, openSession });
    return result;
  }
  return { run, bucketFolder, readObject: (name: string) => readFile(path.join(bucketFolder, name)) };
}
