// The course page's "E-mail me if I pause for a week", through REST as supabase-js sends it: a learner records
// and reads only their own answers, with the words they saw; the source, the time, the outbox and the key that
// signs unsubscribe links stay out of every API caller's reach.
import { beforeAll, describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const WORDING = 'E-mail me if I pause for a week. At most 3 reminders, a week apart.';

const rest = restCallers(Object.fromEntries([ADA, BEN].map((userId) => [userId, `${userId}@example.com`])));
const { as } = rest;

beforeAll(async () => {
  await rest.db.exec(`
    insert into public.reminder_consents (user_id, given, wording, wording_version)
    values ('${BEN}', true, 'Ben said yes.', 'pause-reminders-test');
    insert into public.mail_keys (unsubscribe_key) values ('${'k'.repeat(43)}');
  `);
});

describe(`reminder consent through REST (${databaseKind})`, () => {
  it('records the answer with its words and version, at the database’s time, and shows the latest to its learner', async () => {
    const ada = as(ADA);
    for (const given of [true, false, true]) {
      const sent = await ada
        .from('reminder_consents')
        .insert({ given, wording: WORDING, wording_version: 'pause-reminders-2026-11' });
      expect(sent).toMatchObject({ error: null, status: 201 });
    }
    const latest = await ada
      .from('reminder_consents')
      .select('given, wording, wording_version, source')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(1)
      .maybeSingle();
    expect(latest.data).toEqual({
      given: true,
      wording: WORDING,
      wording_version: 'pause-reminders-2026-11',
      source: 'course-page',
    });
    const all = await ada.from('reminder_consents').select('given');
    expect(all.data).toHaveLength(3);
  });

  it("refuses another learner's answer, a chosen source or time, and words that are no wording", async () => {
    const ada = as(ADA);
    const refused: Record<string, unknown>[] = [
      { user_id: BEN, given: false, wording: WORDING, wording_version: 'v1' },
      { given: false, wording: WORDING, wording_version: 'v1', source: 'unsubscribe' },
      { given: true, wording: WORDING, wording_version: 'v1', created_at: '2020-01-01T00:00:00Z' },
      { given: true, wording: '', wording_version: 'v1' },
      { given: true, wording: 'x'.repeat(501), wording_version: 'v1' },
      { given: true, wording: WORDING, wording_version: 'Not A Version' },
    ];
    for (const row of refused) {
      const sent = await ada.from('reminder_consents').insert(row);
      expect(sent.error, JSON.stringify(row)).not.toBeNull();
    }
    const bens = await rest.db.query('select 1 from public.reminder_consents where user_id = $1', [BEN]);
    expect(bens).toHaveLength(1);
  });

  it('shows a learner none of the others’ answers, and a visitor none at all', async () => {
    const ada = await as(ADA).from('reminder_consents').select('user_id');
    expect(new Set(ada.data?.map((row) => row.user_id))).toEqual(new Set([ADA]));
    const visitor = await as().from('reminder_consents').select('user_id');
    expect(visitor.data ?? []).toEqual([]);
    const written = await as()
      .from('reminder_consents')
      .insert({ given: true, wording: WORDING, wording_version: 'v1' });
    expect(written.error).not.toBeNull();
  });

  it('keeps the unsubscribe key and the queued reminders from every API caller', async () => {
    for (const caller of [as(), as(ADA)]) {
      const key = await caller.from('mail_keys').select('unsubscribe_key');
      expect(key.data ?? []).toEqual([]);
      const outbox = await caller.from('email_outbox').select('recipient');
      expect(outbox.data ?? []).toEqual([]);
      const latest = await caller.from('reminder_answers_latest').select('given');
      expect(latest.data ?? []).toEqual([]);
    }
  });
});
