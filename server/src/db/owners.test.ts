// OWNER_EMAIL at the server's start, as server/src/index.ts calls it: the first owner, added once.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate, readMigrations } from './migrate.ts';
import { addFirstOwner, addOwner, removeOwner } from './owners.ts';
import {
  createEmptyPgliteDatabase,
  createTestDatabase,
  databaseKind,
  supabaseFolder,
} from '../../test/test-database.ts';
import type { Log, LogLine } from '../../../supabase/functions/_shared/log.ts';

let db: Database | undefined;
afterEach(() => db?.close());

function recordingLog() {
  const lines: (LogLine & { level: string })[] = [];
  const log: Log = {
    info: (line) => lines.push({ level: 'info', ...line }),
    warn: (line) => lines.push({ level: 'warn', ...line }),
    error: (line) => lines.push({ level: 'error', ...line }),
  };
  return { lines, log };
}

const owners = async (database: Database) =>
  (await database.query<{ email: string }>('select email from public.owners order by email')).map(
    (row) => row.email,
  );

describe(`OWNER_EMAIL at the server's start (${databaseKind})`, () => {
  it('adds OWNER_EMAIL at start only while there is no owner', async () => {
    db = await createTestDatabase();
    const { lines, log } = recordingLog();
    expect(await addFirstOwner(db, 'first@example.com', log)).toBe(true);
    expect(await addFirstOwner(db, 'second@example.com', log)).toBe(false);
    expect(await owners(db)).toEqual(['first@example.com']);
    expect(lines).toEqual([
      { level: 'info', event: 'owners.first_owner_added', hint: 'OWNER_EMAIL signs in at /studio' },
    ]);
  });

  it('brings no removed owner back at the next start, and says so in one line', async () => {
    db = await createTestDatabase();
    expect(await addFirstOwner(db, 'first@example.com', recordingLog().log)).toBe(true);
    expect(await removeOwner(db, 'first@example.com')).toBe(true);
    for (const email of ['first@example.com', 'other@example.com']) {
      const { lines, log } = recordingLog();
      expect(await addFirstOwner(db, email, log)).toBe(false);
      expect(await owners(db)).toEqual([]);
      expect(lines).toEqual([
        expect.objectContaining({ level: 'warn', event: 'owners.owner_email_not_added', owner_email: email }),
      ]);
    }
  });

  it("counts an owner the owner's tool added first as the first owner", async () => {
    db = await createTestDatabase();
    await addOwner(db, 'coach@example.com');
    await removeOwner(db, 'coach@example.com');
    const { lines, log } = recordingLog();
    expect(await addFirstOwner(db, 'coach@example.com', log)).toBe(false);
    expect(await owners(db)).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  // Migrated from empty, on a database of its own: PGlite's run makes one at no cost.
  it.skipIf(databaseKind !== 'PGlite')(
    'counts the owners a database had before the first owner was recorded',
    async () => {
      db = await createEmptyPgliteDatabase();
      const migrations = await readMigrations(path.join(supabaseFolder, 'migrations'));
      const recording = migrations.findIndex((migration) => migration.name === 'first_owner_recorded');
      expect(recording).toBeGreaterThan(0);
      await migrate(db, migrations.slice(0, recording));
      await db.exec(`insert into public.owners (email) values ('coach@example.com')`);
      await migrate(db, migrations);
      await removeOwner(db, 'coach@example.com');
      expect(await addFirstOwner(db, 'coach@example.com', recordingLog().log)).toBe(false);
      expect(await owners(db)).toEqual([]);
    },
  );
});
