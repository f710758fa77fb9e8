// `npm run admin -- <command>`: the owner's tool (docs/owners-guide.md; docs/decisions/0063).
import { createInterface } from 'node:readline/promises';
import { readEnv } from '../server/src/env.ts';
import { openAdminSession } from './admin-session.ts';
import type { AdminIo } from './admin-context.ts';
import { runAdmin } from './program.ts';
import { writeNewFile } from './commands/write-new-file.ts';

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

process.exitCode = await runAdmin(process.argv.slice(2), {
  io,
  openSession: () => openAdminSession(readEnv()),
});
