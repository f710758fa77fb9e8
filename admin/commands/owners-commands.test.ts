import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createAdminRunner } from '../test/admin-runner.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';
import { queueSignInLinkEmail } from '../../supabase/functions/_shared/sign-in-link.ts';

let db: Database;
let admin: Awaited<ReturnType<typeof createAdminRunner>>;
beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdminRunner(db);
});
afterAll(() => db.close());

describe(`admin owners (${databaseKind})`, () => {
  it('adds, lists and removes owners by address, whatever the letter case, and says when nothing changed', async () => {
    expect((await admin.run(['owners', 'list'])).stdout).toMatch(/^No owners yet/);
    const added = await admin.run(['owners', 'add', ' Coach@Example.COM ']);
    expect(added).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^coach@example\.com is an owner now/),
    });
    expect((await admin.run(['owners', 'add', 'coach@example.com'])).stdout).toMatch(/already is an owner/);
    expect((await admin.run(['owners', 'list'])).stdout).toMatch(/EMAIL\s+ADDED\n.*coach@example\.com/);
    expect((await admin.run(['owners', 'remove', 'COACH@example.com'])).stdout).toMatch(
      /is no owner any more/,
    );
    expect((await admin.run(['owners', 'remove', 'coach@example.com'])).stdout).toMatch(/was no owner/);
  });

  it('refuses what is not an address before opening the database', async () => {
    const refused = await admin.run(['owners', 'add', 'not an address']);
    expect(refused).toMatchObject({ code: 2, sessions: 0 });
    expect(refused.stderr).toMatch(/email: must be an e-mail address/);
  });

  it('gives a new owner a way to sign in: their address may ask for a sign-in e-mail', async () => {
    expect((await queueSignInLinkEmail(db, 'new-owner@example.com')).outboxId).toBeUndefined();
    await admin.run(['owners', 'add', 'new-owner@example.com']);
    expect((await queueSignInLinkEmail(db, 'new-owner@example.com')).outboxId).toBeDefined();
    const [signup] = await db.query('select name, source from public.signups where email = $1', [
      'new-owner@example.com',
    ]);
    expect(signup).toEqual({ name: 'Course owner', source: 'owner' });
  });
});
