import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import { hashToken, issueMagicLinkToken, spendOneTimeToken } from './one-time-tokens.ts';

let db: Database | undefined;
afterEach(() => db?.close());

describe(`one-time sign-in tokens (${databaseKind})`, () => {
  it('finds or creates the user case-insensitively and stores only the hash of each token', async () => {
    db = await createTestDatabase();
    const first = await issueMagicLinkToken(db, 'Ada@Example.com');
    const second = await issueMagicLinkToken(db, 'ada@example.COM');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    const users = await db.query<{ email: string }>('select email from auth.users');
    expect(users).toEqual([{ email: 'Ada@Example.com' }]);
    const stored = await db.query<{ token_hash: string; hours: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 3600)::int as hours
         from auth.one_time_tokens order by created_at`,
    );
    expect(stored.map((row) => row.token_hash).sort()).toEqual([hashToken(first), hashToken(second)].sort());
    expect(stored.map((row) => row.hours)).toEqual([24, 24]);
    expect(JSON.stringify(await db.query('select * from auth.one_time_tokens'))).not.toContain(first);
  });

  it('spends a token once, and refuses unknown, malformed and expired ones', async () => {
    db = await createTestDatabase();
    const token = await issueMagicLinkToken(db, 'ada@example.com');
    const [user] = await db.query<{ id: string }>('select id::text from auth.users');
    expect(await spendOneTimeToken(db, token, 'magiclink')).toBe(user?.id);
    expect(await spendOneTimeToken(db, token, 'magiclink')).toBeUndefined();
    expect(await spendOneTimeToken(db, 'f'.repeat(64), 'magiclink')).toBeUndefined();
    expect(await spendOneTimeToken(db, `${token.slice(1)}'`, 'magiclink')).toBeUndefined();
    const stale = await issueMagicLinkToken(db, 'ada@example.com');
    await db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(stale)],
    );
    expect(await spendOneTimeToken(db, stale, 'magiclink')).toBeUndefined();
    await issueMagicLinkToken(db, 'ben@example.com');
    const kept = await db.query('select 1 from auth.one_time_tokens where token_hash = $1', [
      hashToken(stale),
    ]);
    expect(kept).toEqual([]);
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    db = await createTestDatabase();
    const database = db;
    const token = await issueMagicLinkToken(database, 'ada@example.com');
    const both = await Promise.all([
      database.transaction((tx) => spendOneTimeToken(tx, token, 'magiclink')),
      database.transaction((tx) => spendOneTimeToken(tx, token, 'magiclink')),
    ]);
    expect(both.filter((userId) => userId !== undefined)).toHaveLength(1);
  });
});
