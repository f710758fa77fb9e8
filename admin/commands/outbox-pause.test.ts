import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/index.ts';
import { createAdminRunner } from '../test/admin-runner.ts';
import { createTestDatabase, databaseKind } from '../../server/test/test-database.ts';

let db: Database;
let admin: Awaited<ReturnType<typeof createAdminRunner>>;
beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdminRunner(db);
});
afterAll(() => db.close());

describe(`outbox status during a provider's pause on ${databaseKind}`, () => {
  it('says until when and why the provider asked every sender to wait, and nothing once it is over', async () => {
    await db.query(
      `insert into public.mail_rate (provider, not_before, not_before_reason)
       values ('resend', '2099-01-01T08:00:00Z', 'Resend answered 429 daily_quota_exceeded: You have reached your daily email sending quota.'),
              ('smtp', now() - interval '1 minute', 'over')`,
    );
    const during = await admin.run(['outbox', 'status']);
    expect(during.code).toBe(0);
    expect(during.stdout).toContain(
      'Sending through resend waits until 2099-01-01 08:00 UTC, as the provider asked: Resend answered 429 daily_quota_exceeded: You have reached your daily email sending quota.\n',
    );
    expect(during.stdout).not.toContain('smtp');
    await db.query("update public.mail_rate set not_before = now() - interval '1 second'");
    expect((await admin.run(['outbox', 'status'])).stdout).not.toContain('waits until');
  });
});
