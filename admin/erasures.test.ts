import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/src/db/index.ts';
import { createTestDatabase, databaseKind } from '../server/test/test-database.ts';
import { compactErasedTables, describeCompaction, erasureHasher, reapplyErasures } from './erasures.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const hasher = erasureHasher('a-log-key-for-tests-only-0123456789');

describe(`erasures on ${databaseKind}`, () => {
  it('erases again whoever an erasure record names and whose rows predate it; a later sign-up stays', async () => {
    await db.exec(`insert into public.signups (email, name, consent_version, source, first_signed_up_at)
      values ('Old@Example.com', 'Old', 'v1', 'embedded', '2026-11-01T00:00:00Z'),
             ('back@example.com', 'Back', 'v1', 'embedded', '2026-11-20T00:00:00Z'),
             ('kept@example.com', 'Kept', 'v1', 'embedded', '2026-11-01T00:00:00Z')`);
    const record = (address: string) => ({
      address_hash: hasher.hash(address),
      key_id: hasher.keyId,
      erased_at: new Date('2026-11-10T00:00:00Z'),
    });
    const erased = await reapplyErasures(db, [record('old@example.com'), record('back@example.com')], hasher);
    expect(erased).toEqual(['old@example.com']);
    expect(await db.query('select email from public.signups order by email')).toEqual([
      { email: 'back@example.com' },
      { email: 'kept@example.com' },
    ]);
    expect(await db.query('select count(*)::int as count from public.erasures')).toEqual([{ count: 2 }]);
  });

  it.runIf(databaseKind === 'PostgreSQL')(
    'says plainly what a user that owns no table and may not checkpoint could not do',
    async () => {
      const role = `limited_${randomBytes(4).toString('hex')}`;
      await db.exec(`create role ${role}; grant usage on schema public, auth to ${role}`);
      try {
        const compaction = await db.transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          return compactErasedTables(tx);
        });
        expect(compaction).toMatchObject({ compacted: [], checkpointProblem: expect.any(String) });
        expect(compaction.notOwned).toContain('auth.users');
        expect(describeCompaction(compaction)).toMatch(
          /^Could not compact public\.signups, .*auth\.users.*: this connection does not own them[\s\S]*Could not CHECKPOINT \(.+\)/,
        );
      } finally {
        await db.exec(`drop owned by ${role}; drop role ${role}`);
      }
    },
  );
});
