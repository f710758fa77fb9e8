import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { databaseKind } from '../../../test/test-database.ts';
import { appWith, db, openSignupDatabase, recordingLog, rows, signUp, SITE } from './send-email-test-kit.ts';

openSignupDatabase();

describe(`POST /functions/v1/send-email (${databaseKind})`, () => {
  it('records the sign-up and its e-mail, then answers 200 {"ok":true} with CORS for the site', async () => {
    const queued: string[] = [];
    const app = await appWith({ onQueued: (id) => queued.push(id) });
    const response = await signUp(app, { name: '  Ada Lovelace ', email: 'Ada@Example.COM' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('x-relay-error')).toBeNull();
    const { signups, outbox } = await rows();
    expect(signups).toEqual([
      {
        email: 'Ada@example.com',
        name: 'Ada Lovelace',
        signup_count: 1,
        source: 'test',
        consent_version: expect.any(String),
      },
    ]);
    expect(outbox).toEqual([
      {
        id: expect.any(String),
        recipient: 'Ada@example.com',
        status: 'pending',
        idempotency_key: `course-access/${outbox[0]?.id}`,
      },
    ]);
    expect(queued).toEqual([outbox[0]?.id]);
  });

  it('answers a repeat of the same address the same way, without a second e-mail within 10 minutes', async () => {
    const app = await appWith();
    const first = await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    const again = await signUp(app, { name: 'Ada L.', email: 'ada@EXAMPLE.com' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    const { signups, outbox } = await rows();
    expect(signups).toMatchObject([{ email: 'ada@example.com', name: 'Ada', signup_count: 2 }]);
    expect(outbox).toHaveLength(1);
  });

  it('never renames a person nor resets their consent when someone signs their address up again', async () => {
    const app = await appWith();
    await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    await db.query(
      `update public.signups set consent_version = 'earlier-wording', unsubscribed = true,
              last_email_queued_at = now() - interval '11 minutes'`,
    );
    expect((await signUp(app, { name: 'Hacked', email: 'ADA@example.com' })).status).toBe(200);
    const [row] = await db.query<{ name: string; consent_version: string; unsubscribed: boolean }>(
      'select name, consent_version, unsubscribed from public.signups',
    );
    expect(row).toEqual({ name: 'Ada', consent_version: 'earlier-wording', unsubscribed: true });
    // The e-mail a repeat queues greets the person by the name they gave.
    const greeted = await db.query<{ name: string }>(
      'select s.name from public.email_outbox o join public.signups s on s.id = o.signup_id',
    );
    expect(greeted).toEqual([{ name: 'Ada' }, { name: 'Ada' }]);
  });

  it('queues a new e-mail when the last one for that address is older than 10 minutes', async () => {
    const app = await appWith();
    await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    await db.query("update public.signups set last_email_queued_at = now() - interval '11 minutes'");
    await signUp(app, { name: 'Ada', email: 'ada@example.com' });
    expect((await rows()).outbox).toHaveLength(2);
  });

  it('sends no second e-mail when the same address signs up twice at the same moment', async () => {
    const app = await appWith();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => signUp(app, { name: 'Ada', email: 'twin@example.com' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await rows()).outbox).toHaveLength(1);
  });

  it('records concurrent sign-ups together in one statement, each answered once its row is committed', async () => {
    const statements: string[] = [];
    const counting: Database = {
      ...db,
      query: (text, params) => {
        if (text.includes('insert into public.signups')) statements.push(text);
        return db.query(text, params);
      },
    };
    const app = await appWith({ db: counting });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUp(
          app,
          { name: `Guest ${i}`, email: `guest-${i}@example.com` },
          { 'x-forwarded-for': `192.0.2.${i}` },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(statements.length).toBeLessThanOrEqual(2);
    const { signups, outbox } = await rows();
    expect(signups.map((s) => s.email).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `guest-${i}@example.com`).sort(),
    );
    expect(outbox.map((o) => o.recipient).sort()).toEqual(signups.map((s) => s.email).sort());
  });

  it('fails only the sign-up whose row fails when it shared a statement with others', async () => {
    const { lines, log } = recordingLog();
    await db.exec(`
      create function public.fail_one_recipient() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'doomed@example.com' then raise exception 'disk full' using errcode = '53100'; end if;
        return new;
      end $$;
      create trigger fail_one_recipient before insert on public.email_outbox
        for each row execute function public.fail_one_recipient();`);
    try {
      const app = await appWith({ log });
      const emails = ['a@example.com', 'doomed@example.com', 'b@example.com', 'c@example.com'];
      const answers = await Promise.all(
        emails.map((email, i) =>
          signUp(app, { name: 'Guest', email }, { 'x-forwarded-for': `192.0.2.${i}` }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 500, 200, 200]);
      expect(await answers[1]?.json()).toEqual({
        error: 'Something went wrong on our side. Please try again.',
      });
      const { signups, outbox } = await rows();
      expect(signups.map((s) => s.email).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
      expect(outbox).toHaveLength(3);
      expect(lines.filter((line) => line.event === 'signup.failed')).toHaveLength(1);
    } finally {
      await db.exec(`
        drop trigger fail_one_recipient on public.email_outbox;
        drop function public.fail_one_recipient();`);
    }
  });

  it('leaves nothing behind and answers a generic 500 with a log line when the outbox insert fails', async () => {
    const { lines, log } = recordingLog();
    // A failure injected after the signups upsert, inside the same statement: the outbox insert raises.
    await db.exec(`
      create function public.fail_outbox_insert() returns trigger language plpgsql as $$
      begin raise exception 'disk full' using errcode = '53100'; end $$;
      create trigger fail_outbox_insert before insert on public.email_outbox
        for each row execute function public.fail_outbox_insert();`);
    try {
      const app = await appWith({ log });
      const response = await signUp(app, { name: 'Ada', email: 'ada@example.com' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(await rows()).toEqual({ signups: [], outbox: [] });
      expect(lines).toContainEqual(
        expect.objectContaining({ event: 'signup.failed', message: 'disk full', code: '53100' }),
      );
    } finally {
      await db.exec(`
        drop trigger fail_outbox_insert on public.email_outbox;
        drop function public.fail_outbox_insert();`);
    }
  });

  it('answers the preflight for the site origin with the headers supabase-js sends, and refuses others', async () => {
    const app = await appWith();
    const allowed = await app.request('/functions/v1/send-email', {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
    const allowedHeaders = allowed.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'x-client-info', 'content-type', 'x-retry-count']) {
      expect(allowedHeaders).toContain(header);
    }
    const foreign = await app.request('/functions/v1/send-email', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers other methods with 405 and unknown functions with 404', async () => {
    const app = await appWith();
    const get = await app.request('/functions/v1/send-email');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const unknown = await app.request('/functions/v1/nope', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });
  });

  it('keeps signups and email_outbox out of reach of the anon role', async () => {
    await signUp(await appWith(), { name: 'Ada', email: 'ada@example.com' });
    for (const table of ['signups', 'email_outbox']) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query('set local role anon');
          return tx.query(`select * from public.${table}`);
        }),
      ).rejects.toThrow(/permission denied/);
    }
    const rest = await (await appWith()).request('/rest/v1/signups?select=email');
    expect(rest.status).toBeGreaterThanOrEqual(400);
  });
});
