// `npm run admin -- <command>`: the owner's tool (docs/owners-guide.md; docs/decisions/0063).
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { readLogHashKey } from '../server/src/db/index.ts';
import { eraseMailTo } from '../server/src/outbox/file-mailbox-door.ts';
import { loadEnvFile } from '../server/src/config/load-env-file.mjs';
import { readEnv } from '../server/src/env.ts';
import { findOrInstallFfmpeg } from '../server/src/lessons/lessons-door.ts';
import { addressHasher } from '../supabase/functions/_shared/log.ts';
import { AdminError } from './admin-error.ts';
import { erasureHasher } from './erasures.ts';
import { openAdminSession } from './admin-session.ts';
import type { AdminIo, PersonalDataPlaces } from './admin-context.ts';
import { runAdmin } from './program.ts';
import { writeNewFile } from './commands/write-new-file.ts';

// The same settings as the server `npm start` runs (DATA_DIR, DATABASE_URL), from .env too.
loadEnvFile();

const io: AdminIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  async confirm(question) {
    const lines = createInterface({
      input: process.stdin,
      output: process.stderr,
      terminal: process.stdin.isTTY,
    });
    const answer = await Promise.race([
      lines.question(question),
      new Promise<string>((resolve) => lines.once('close', () => resolve(''))),
    ]);
    lines.close();
    return /^(y|yes)$/i.test(answer.trim());
  },
  writeNewFile,
};

// Whatever this tool creates in DATA_DIR (PGlite's files when no server runs, pictures) is the owner's alone.
process.umask(0o077);

const places: PersonalDataPlaces = {
  // DATA_DIR/mail even when SMTP or Resend is set now: files from earlier runs hold the address too.
  eraseMail: (address) => eraseMailTo(path.join(readEnv().dataDir, 'mail'), address),
  async logToken(address) {
    const env = readEnv();
    const key = await readLogHashKey(env);
    if (!key) {
      throw new AdminError(
        'invalid',
        `No log key in ${env.dataDir} yet: the server makes it at its first start. ` +
          'If the server runs with LOG_HASH_KEY, run this with the same value.',
      );
    }
    return addressHasher(key)(address);
  },
  async erasureHasher() {
    const key = await readLogHashKey(readEnv());
    return key === undefined ? undefined : erasureHasher(key);
  },
};

process.exitCode = await runAdmin(process.argv.slice(2), {
  io,
  places,
  videoTools: () => {
    const found = findOrInstallFfmpeg();
    return found.ffmpeg === undefined ? { missing: found.missing } : { ffmpeg: found.ffmpeg };
  },
  openSession: () => openAdminSession(readEnv()),
});
