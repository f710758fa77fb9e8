import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { EMBEDDED_AUTH_SCHEMA } from '../db/embedded-auth-schema.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import { recordSignup } from '../../../supabase/functions/_shared/signup-store.ts';
import {
  hashToken,
  issueMagicLinkToken,
  issueMagicLinkTokens,
  MAX_WRONG_CODES,
  newSignInCode,
  spendOneTimeToken,
  spendSignInCode,
} from './one-time-tokens.ts';

/** One database for the file, emptied before each test; a test that changes the schema opens its own. */
let shared: Database;
let db: Database | undefined;
beforeAll(async () => {
  shared = await createTestDatabase();
});
afterAll(() => shared.close());
beforeEach(() =>
  shared.exec('truncate auth.users, public.email_outbox, public.signups restart identity cascade'),
);
afterEach(async () => {
  if (db !== shared) await db?.close();
  db = undefined;
});

/** A code that is not `code`: the next one round the million. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`one-time sign-in tokens (${databaseKind})`, () => {
  it('finds or creates the user case-insensitively and stores only the hashes of the token and code', async () => {
    db = shared;
    const first = await issueMagicLinkToken(db, 'Ada@Example.com');
    const second = await issueMagicLinkToken(db, 'ada@example.COM');
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(second.token).not.toBe(first.token);
    const users = await db.query<{ email: string }>('select email from auth.users');
    expect(users).toEqual([{ email: 'Ada@Example.com' }]);
    const stored = await db.query<{ token_hash: string; code_hash: string; hours: number }>(
      `select token_hash, code_hash, round(extract(epoch from expires_at - created_at) / 3600)::int as hours
         from auth.one_time_tokens`,
    );
    expect(stored).toEqual([
      { token_hash: hashToken(second.token), code_hash: hashToken(second.code), hours: 24 },
    ]);
    const everything = JSON.stringify(await db.query('select * from auth.one_time_tokens'));
    expect(everything).not.toContain(second.token);
    expect(everything).not.toContain(`"${second.code}"`);
  });

  it('makes six-digit codes, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, () => newSignInCode());
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('spends a token once, and refuses unknown, malformed and expired ones', async () => {
    db = shared;
    const { token } = await issueMagicLinkToken(db, 'ada@example.com');
    const [user] = await db.query<{ id: string }>('select id::text from auth.users');
    expect(await spendOneTimeToken(db, token, 'magiclink')).toBe(user?.id);
    expect(await spendOneTimeToken(db, token, 'magiclink')).toBeUndefined();
    expect(await spendOneTimeToken(db, 'f'.repeat(64), 'magiclink')).toBeUndefined();
    expect(await spendOneTimeToken(db, `${token.slice(1)}'`, 'magiclink')).toBeUndefined();
    const stale = await issueMagicLinkToken(db, 'ada@example.com');
    await db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(stale.token)],
    );
    expect(await spendOneTimeToken(db, stale.token, 'magiclink')).toBeUndefined();
    await issueMagicLinkToken(db, 'ben@example.com');
    const kept = await db.query('select 1 from auth.one_time_tokens where token_hash = $1', [
      hashToken(stale.token),
    ]);
    expect(kept).toEqual([]);
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    db = shared;
    const database = db;
    const { token } = await issueMagicLinkToken(database, 'ada@example.com');
    const both = await Promise.all([
      database.transaction((tx) => spendOneTimeToken(tx, token, 'magiclink')),
      database.transaction((tx) => spendOneTimeToken(tx, token, 'magiclink')),
    ]);
    expect(both.filter((userId) => userId !== undefined)).toHaveLength(1);
  });

  it("lets an e-mail's link and code through once each when all four are tried at once", async () => {
    db = shared;
    const database = db;
    const { token, code } = await issueMagicLinkToken(database, 'ada@example.com');
    const spendLink = () => database.transaction((tx) => spendOneTimeToken(tx, token, 'magiclink'));
    const spendCode = () => database.transaction((tx) => spendSignInCode(tx, 'ada@example.com', code));
    const [links, codes] = await Promise.all([
      Promise.all([spendLink(), spendLink()]),
      Promise.all([spendCode(), spendCode()]),
    ]);
    expect(links.filter((userId) => userId !== undefined)).toHaveLength(1);
    expect(codes.filter((userId) => userId !== undefined)).toHaveLength(1);
  });

  it('keeps one live token per address: a new one voids the earlier links and codes, half spent or not', async () => {
    db = shared;
    const database = db;
    const spendCode = (code: string) =>
      database.transaction((tx) => spendSignInCode(tx, 'ada@example.com', code));
    const first = await issueMagicLinkToken(database, 'ada@example.com');
    expect(await spendOneTimeToken(database, first.token, 'magiclink')).toBeDefined();
    const second = await issueMagicLinkToken(database, 'ada@example.com');
    if (first.code !== second.code) expect(await spendCode(first.code)).toBeUndefined();
    expect(await spendCode(second.code)).toBeDefined();
    const third = await issueMagicLinkToken(database, 'ADA@example.com');
    for (const voided of [first, second]) {
      expect(await spendOneTimeToken(database, voided.token, 'magiclink')).toBeUndefined();
      if (voided.code !== third.code) expect(await spendCode(voided.code)).toBeUndefined();
    }
    expect(await spendOneTimeToken(database, third.token, 'magiclink')).toBeDefined();
    expect(await spendCode(third.code)).toBeDefined();
    const live = await database.query(
      'select 1 from auth.one_time_tokens where used_at is null or code_used_at is null',
    );
    expect(live).toEqual([]);
  });

  it('stores only the last of an address that a batch names twice, and one live token after issues at once', async () => {
    db = shared;
    const database = db;
    const [early, , late] = await issueMagicLinkTokens(
      database,
      ['ada@example.com', 'ben@example.com', 'Ada@Example.com'].map((email) => ({
        email,
        keepLiveCode: false,
      })),
    );
    expect(await spendOneTimeToken(database, early?.token ?? '', 'magiclink')).toBeUndefined();
    expect(await spendOneTimeToken(database, late?.token ?? '', 'magiclink')).toBeDefined();

    const together = await Promise.all(
      Array.from({ length: 4 }, () => issueMagicLinkToken(database, 'cy@example.com')),
    );
    const live = await database.query<{ token_hash: string }>(
      `select t.token_hash from auth.one_time_tokens t join auth.users u on u.id = t.user_id
        where u.email = 'cy@example.com' and (t.used_at is null or t.code_used_at is null)`,
    );
    expect(live).toHaveLength(1);
    expect(together.map((issued) => hashToken(issued.token))).toContain(live[0]?.token_hash);
  });

  it('spends a code once, case-insensitively by address, refuses it for another address, and leaves its link', async () => {
    db = shared;
    const database = db;
    const spendCode = (email: string, code: string) =>
      database.transaction((tx) => spendSignInCode(tx, email, code));
    const ada = await issueMagicLinkToken(database, 'ada@example.com');
    const ben = await issueMagicLinkToken(database, 'ben@example.com');
    if (ben.code !== ada.code) expect(await spendCode('ben@example.com', ada.code)).toBeUndefined();
    const [user] = await database.query<{ id: string }>(
      "select id::text from auth.users where email = 'ada@example.com'",
    );
    expect(await spendCode('Ada@Example.COM', ada.code)).toBe(user?.id);
    expect(await spendCode('ada@example.com', ada.code)).toBeUndefined();
    expect(await spendOneTimeToken(database, ada.token, 'magiclink')).toBe(user?.id);
    expect(await spendOneTimeToken(database, ada.token, 'magiclink')).toBeUndefined();

    expect(await spendOneTimeToken(database, ben.token, 'magiclink')).toBeDefined();
    expect(await spendCode('ben@example.com', ben.code)).toBeDefined();
    expect(await spendCode('ben@example.com', ben.code)).toBeUndefined();
  });

  it(`voids a code after ${MAX_WRONG_CODES} wrong ones, malformed ones included, but not its link`, async () => {
    db = shared;
    const database = db;
    const spendCode = (code: string) =>
      database.transaction((tx) => spendSignInCode(tx, 'ada@example.com', code));
    const { token, code } = await issueMagicLinkToken(database, 'ada@example.com');
    const wrong = ['12345', 'abcdef', otherThan(code), otherThan(otherThan(code)), ` ${code}`];
    expect(wrong).toHaveLength(MAX_WRONG_CODES);
    for (const guess of wrong) expect(await spendCode(guess)).toBeUndefined();
    expect(await spendCode(code)).toBeUndefined();
    expect(await spendOneTimeToken(database, token, 'magiclink')).toBeDefined();
    expect(await spendCode(code)).toBeUndefined();
  });

  it('counts wrong codes tried at once one after the other, and lets one right code through', async () => {
    db = shared;
    const database = db;
    const spendCode = (code: string) =>
      database.transaction((tx) => spendSignInCode(tx, 'ada@example.com', code));
    const { code } = await issueMagicLinkToken(database, 'ada@example.com');
    await Promise.all(Array.from({ length: 3 }, () => spendCode(otherThan(code))));
    const [row] = await database.query<{ wrong_codes: number }>(
      'select wrong_codes from auth.one_time_tokens',
    );
    expect(row?.wrong_codes).toBe(3);
    const both = await Promise.all([spendCode(code), spendCode(code)]);
    expect(both.filter((userId) => userId !== undefined)).toHaveLength(1);
  });

  it('keeps a live code whose own e-mail was sent when a later e-mail other than a requested link is made: that one carries none', async () => {
    db = shared;
    const database = db;
    const email = 'ada@example.com';
    const spendCode = (code: string | undefined) =>
      database.transaction((tx) => spendSignInCode(tx, email, code ?? ''));
    const { outboxId = '' } = await recordSignup(
      database,
      { name: 'Ada', email },
      { source: 'test', perAddress: { limit: 3, windowSeconds: 3600 } },
    );
    const issue = (keepLiveCode: boolean, forOutbox = outboxId) =>
      issueMagicLinkTokens(database, [{ email, keepLiveCode, outboxId: forOutbox }]);
    // A code from an e-mail that was never sent, or from no e-mail at all, is never kept.
    await issueMagicLinkToken(database, email);
    const [first] = await issue(true);
    expect(first?.code).toMatch(/^\d{6}$/);
    const [unsent] = await issue(true);
    expect(unsent?.code).toMatch(/^\d{6}$/);
    await database.query("update public.email_outbox set status = 'sent', sent_at = now() where id = $1", [
      outboxId,
    ]);
    // Its e-mail was sent: a repeat sign-up's e-mail gets a new link and no new code.
    const [repeat] = await issue(true, '999');
    expect(repeat?.code).toBeUndefined();
    expect(await spendCode(otherThan(unsent?.code ?? ''))).toBeUndefined();
    // The earlier code still signs in (its wrong guess still counts), and the new link does too.
    expect(await spendCode(unsent?.code)).toBeDefined();
    expect(await spendOneTimeToken(database, repeat?.token ?? '', 'magiclink')).toBeDefined();
    // A requested new link always brings a new code, and voids the one before it.
    const [earlier] = await issue(false);
    const [requested] = await issue(false);
    expect(requested?.code).toMatch(/^\d{6}$/);
    expect(
      await spendCode(earlier?.code === requested?.code ? otherThan(requested?.code ?? '') : earlier?.code),
    ).toBeUndefined();
    expect(await spendCode(requested?.code)).toBeDefined();
  });

  it('pauses an address’s codes after 10 wrong ones in a day, across e-mails, until one of its links is used', async () => {
    db = shared;
    const database = db;
    const email = 'ada@example.com';
    const spendCode = (code: string) => database.transaction((tx) => spendSignInCode(tx, email, code));
    const issue = async () => {
      const [issued] = await issueMagicLinkTokens(database, [{ email, keepLiveCode: false }]);
      if (!issued?.code) throw new Error('expected a code');
      return { ...issued, code: issued.code };
    };
    for (let sent = 0; sent < 2; sent += 1) {
      const { code, codesPaused } = await issue();
      expect(codesPaused).toBe(false);
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect(await spendCode(otherThan(code))).toBeUndefined();
    }
    const paused = await issue();
    expect(paused.codesPaused).toBe(true);
    expect(await spendCode(paused.code)).toBeUndefined();
    expect(await spendOneTimeToken(database, paused.token, 'magiclink')).toBeDefined();
    const next = await issue();
    expect(next.codesPaused).toBe(false);
    expect(await spendCode(next.code)).toBeDefined();
  });

  it('refuses an expired code and a code for an address without one', async () => {
    db = shared;
    const database = db;
    const spendCode = (email: string, code: string) =>
      database.transaction((tx) => spendSignInCode(tx, email, code));
    const { code } = await issueMagicLinkToken(database, 'ada@example.com');
    await database.query(`update auth.one_time_tokens
                           set expires_at = now() - interval '1 second', code_issued_at = now() - interval '25 hours'`);
    expect(await spendCode('ada@example.com', code)).toBeUndefined();
    expect(await spendCode('nobody@example.com', code)).toBeUndefined();
  });

  it('keeps only the newest live token of each user when an older database gets the one-per-user index', async () => {
    db = await createTestDatabase();
    const { token: spent } = await issueMagicLinkToken(db, 'ada@example.com');
    await spendOneTimeToken(db, spent, 'magiclink');
    await db.exec(`
      drop index auth.one_time_tokens_one_live_per_user;
      alter table auth.one_time_tokens drop column code_used_at;
      insert into auth.one_time_tokens (user_id, token_type, token_hash, created_at, expires_at)
      select id, 'magiclink', 'older', now() - interval '2 hours', now() + interval '22 hours' from auth.users
      union all
      select id, 'magiclink', 'newer', now() - interval '1 hour', now() + interval '23 hours' from auth.users;`);
    await db.exec(EMBEDDED_AUTH_SCHEMA);
    const rows = await db.query<{ token_hash: string }>(
      'select token_hash from auth.one_time_tokens order by created_at',
    );
    expect(rows.map((row) => row.token_hash).sort()).toEqual([hashToken(spent), 'newer'].sort());
    // A token from before the codes has none: no code signs in with it, and none counts against it.
    const database = db;
    const tried = await database.transaction((tx) => spendSignInCode(tx, 'ada@example.com', '000000'));
    expect(tried).toBeUndefined();
    const newer = await database.query(
      'select wrong_codes, code_hash from auth.one_time_tokens where token_hash = $1',
      ['newer'],
    );
    expect(newer).toEqual([{ wrong_codes: 0, code_hash: null }]);
  });

  it('replaces the one-unused-per-user index, and a code spent under it stays spent', async () => {
    db = await createTestDatabase();
    const database = db;
    const { token, code } = await issueMagicLinkToken(database, 'ada@example.com');
    await database.exec(`
      drop index auth.one_time_tokens_one_live_per_user;
      alter table auth.one_time_tokens drop column code_used_at;
      create unique index one_time_tokens_one_unused_per_user on auth.one_time_tokens (user_id) where used_at is null;
      update auth.one_time_tokens set used_at = now();`);
    await database.exec(EMBEDDED_AUTH_SCHEMA);
    const indexes = await database.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'auth' and indexname like 'one_time_tokens_one_%'",
    );
    expect(indexes).toEqual([{ indexname: 'one_time_tokens_one_live_per_user' }]);
    expect(await database.transaction((tx) => spendSignInCode(tx, 'ada@example.com', code))).toBeUndefined();
    expect(await spendOneTimeToken(database, token, 'magiclink')).toBeUndefined();
    const next = await issueMagicLinkToken(database, 'ada@example.com');
    expect(await spendOneTimeToken(database, next.token, 'magiclink')).toBeDefined();
  });
});
