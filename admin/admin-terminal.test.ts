import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFilePath, openMigratedDatabase } from '../server/src/db/index.ts';
import { createdDataDir, pgliteEnv, runTool } from './test/admin-processes.ts';

// `npm run admin`'s entry point as a terminal runs it, on PGlite folders. A test here starts the tool up to five
// times (each a new PGlite): on a busy machine that took 118 s and then over 120, so each may take four minutes.
describe('the tool at the terminal', { timeout: 240_000 }, () => {
  it('signups erase asks on the terminal and reads the answer from stdin', async () => {
    const dataDir = await createdDataDir();
    const { db } = await openMigratedDatabase({ dataDir });
    await db.exec(`insert into public.signups (email, name, consent_version, source) values ('ada@example.com', 'Ada', 'v1', 'embedded');
      insert into public.email_outbox (signup_id, recipient) values (1, 'ada@example.com');`);
    await db.close();
    const erase = (input: string) =>
      runTool(['signups', 'erase', 'ada@example.com'], pgliteEnv(dataDir), input);

    for (const answer of ['n\n', '']) {
      const declined = await erase(answer);
      expect(declined.code).toBe(2);
      expect(declined.stderr).toContain(
        'Erase every record of ada@example.com (sign-up, e-mails, .eml files, course account, sessions, lesson progress, feedback and reminder answers)? This cannot be undone. [y/N]',
      );
      expect(declined.stderr).toContain('Nothing erased: not confirmed (answer "y", or add --yes).');
    }
    expect((await runTool(['signups', 'count'], pgliteEnv(dataDir))).stdout).toBe(
      '1 sign-up (0 unsubscribed)\n',
    );
    const confirmed = await erase('y\n');
    expect(confirmed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^Erased ada@example.com: 1 sign-up, 1 outbox e-mail, 0 course accounts with 0 lesson progress records, 0 feedback answers and 0 reminder answers, and 0 .eml files.\n/,
      ),
    });
    // No server has started on this folder, so there is no log-hash key to record the erasure with yet.
    expect(confirmed.stdout).toContain('No erasure record kept: there is no log-hash key yet');
    expect((await runTool(['signups', 'count'], pgliteEnv(dataDir))).stdout).toBe(
      '0 sign-ups (0 unsubscribed)\n',
    );
  });

  it('exits 2 with a clear message on bad arguments, without touching the database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'admin-none-'));
    const result = await runTool(['guides', 'move', '1', '--order', 'top'], pgliteEnv(dataDir));
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain(
      "option '--order <n>' argument 'top' is invalid. --order must be a whole number.",
    );
    expect(existsSync(lockFilePath(dataDir))).toBe(false);
  });
});
