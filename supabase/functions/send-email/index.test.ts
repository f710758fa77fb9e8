// The send-email edge function under real Deno, against a real PostgreSQL (DATABASE_URL, a server where this
// test may create a database), the Resend-shaped peer the Node suites use, and the embedded server's auth for
// `generateLink` (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SITE_URL from scripts/with-embedded-auth.mjs),
// all on loopback. Run by `npm test` and `npm run test:edge`; see scripts/test.mjs.
import assert from 'node:assert/strict';
import postgres from 'postgres';
// The same migration runner the embedded server uses, so this database has exactly the server's schema.
// eslint-disable-next-line import-x/no-restricted-paths -- a test may borrow the server's migration runner
import { migrate, readMigrations } from '../../../server/src/db/migrate.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- the same Resend-shaped peer as the Node suites
import { createResendPeer } from '../../../server/test/resend-peer.ts';
import { EMBEDDED_ANON_KEY } from '../../embedded-keys.ts';
import { createSendEmailFunction } from './send-email-function.ts';

const serverUrl = Deno.env.get('DATABASE_URL');
if (!serverUrl)
  throw new Error('DATABASE_URL must point at a PostgreSQL server this test may create databases on.');
const SITE = Deno.env.get('SITE_URL');
const SUPABASE_URL = Deno.env.get('SUPABASE_URL');
const SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!SITE || !SUPABASE_URL || !SERVICE_ROLE_KEY)
  throw new Error('Run this test through scripts/with-embedded-auth.mjs (npm run test:edge).');
const CRON_SECRET = 'cron-secret-for-tests';

const name = `edge_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;
const sql = postgres(databaseUrl.toString(), { max: 2, onnotice: () => {} });

type Runner = postgres.Sql | postgres.TransactionSql;
const over = (runner: Runner) => ({
  exec: async (script: string) => {
    await runner.unsafe(script).simple();
  },
  query: async <Row>(text: string, params: readonly unknown[] = []) =>
    [...(await runner.unsafe(text, [...params] as postgres.ParameterOrJSON<never>[]))] as Row[],
});
await migrate(
  {
    ...over(sql),
    description: name,
    close: () => sql.end(),
    transaction: async <T>(work: (tx: ReturnType<typeof over>) => Promise<T>) => {
      let result: T | undefined;
      await sql.begin(async (tx) => {
        result = await work(over(tx));
      });
      return result as T;
    },
  },
  await readMigrations(new URL('../../migrations/', import.meta.url).pathname),
);

// Resend as it documents itself: single and batch endpoints, 2 requests a second, idempotency keys.
const peer = createResendPeer();
const resend = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, peer.fetch);

// The function itself, started as Supabase starts it: `Deno.serve` in index.ts, here on a free port.
const child = new Deno.Command(Deno.execPath(), {
  args: [
    'run',
    '--config',
    new URL('./deno.json', import.meta.url).pathname,
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    new URL('./index.ts', import.meta.url).pathname,
  ],
  env: {
    DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
    SUPABASE_DB_URL: databaseUrl.toString(),
    SITE_URL: SITE,
    SUPABASE_URL,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    MAIL_FROM: 'Three Lenses <course@lenses.example>',
    RESEND_API_KEY: 're_test_key',
    RESEND_API_URL: `http://127.0.0.1:${resend.addr.port}`,
    SEND_EMAIL_CRON_SECRET: CRON_SECRET,
    // The smallest per-IP limit: each test signs up at most once from each address it names.
    SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1',
  },
  stdout: 'piped',
  stderr: 'piped',
}).spawn();
let output = '';
const decoder = new TextDecoder();
const collect = async (stream: ReadableStream<Uint8Array>) => {
  for await (const chunk of stream) output += decoder.decode(chunk);
};
const collecting = Promise.all([collect(child.stdout), collect(child.stderr)]);
const functionUrl = await (async () => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match?.[1]) return `${match[1]}/send-email`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The edge function did not start:\n${output}`);
})();

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Function output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const options = { sanitizeOps: false, sanitizeResources: false };

/** The link's contract: SITE_URL/course?token_hash=<token>&type=magiclink, with a token of the server's auth. */
function signInTokenIn(text: string | undefined): string {
  const escaped = SITE?.replaceAll('.', '\\.') ?? '';
  const match = new RegExp(`${escaped}/course\\?token_hash=([0-9a-f]{64})&type=magiclink`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`No sign-in link in:\n${text}`);
  return match[1];
}

/** The code beside the link, as generateLink's `email_otp` put it into the e-mail's text. */
function signInCodeIn(text: string | undefined): string {
  const match = /^Or sign in on any device with this code: (\d{6})$/m.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No sign-in code in:\n${text}`);
  return match[1];
}

/** Signs in at the embedded server's /auth/v1/verify, as /course's verifyOtp does. */
const verifyAs = (body: Record<string, string>) =>
  fetch(`${SUPABASE_URL}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const verify = (tokenHash: string) => verifyAs({ type: 'magiclink', token_hash: tokenHash });

Deno.test('bad or missing secrets stop the function at start, each one named', () => {
  const secrets: Record<string, string> = {
    SUPABASE_DB_URL: 'postgresql://unused',
    SITE_URL: 'https://lenses.example, ftp://lenses.example',
    SUPABASE_URL: 'https://abc.supabase.co',
    SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x',
    MAIL_FROM: 'x@a.example\r\nBcc: y@b.example',
    RESEND_API_KEY: '',
    SIGNUP_LIMIT_PER_IP_PER_MINUTE: '0',
  };
  assert.throws(
    () => createSendEmailFunction({ get: (name) => secrets[name] }),
    new RegExp(
      [
        'send-email: invalid secrets \\(see docs/deploy-supabase.md\\):',
        '  SITE_URL.1: must be http\\(s\\) URLs, separated by commas',
        '  MAIL_FROM: must be an address, optionally with a display name: .*',
        '  RESEND_API_KEY: is not set',
        '  SIGNUP_LIMIT_PER_IP_PER_MINUTE: must be a whole number from 1 to 1000000$',
      ].join('\n'),
    ),
  );
});

Deno.test(
  'a sign-up is recorded in both tables and answered 200 {"ok":true} with CORS',
  options,
  async () => {
    const response = await fetch(functionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'Ada@Example.com' }),
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { ok: true });
    assert.equal(response.headers.get('access-control-allow-origin'), SITE);
    assert.equal(response.headers.get('x-relay-error'), null);
    const signups = await sql`select email, name, source from public.signups`;
    assert.deepEqual(
      [...signups],
      [{ email: 'Ada@example.com', name: 'Ada Lovelace', source: 'supabase-edge' }],
    );
    const outbox = await sql`select recipient, idempotency_key, id::text as id from public.email_outbox`;
    assert.equal(outbox.length, 1);
    assert.equal(outbox[0]?.idempotency_key, `course-access/${outbox[0]?.id}`);
  },
);

Deno.test(
  "records for the studio's launch checklist that it sends through Resend, and where its links lead",
  options,
  async () => {
    const facts = await waitFor(async () => {
      const [row] = await sql`select mail_transport, site_url from public.launch_facts`;
      return row;
    }, 'the launch facts');
    assert.deepEqual({ ...facts }, { mail_transport: 'resend', site_url: SITE });
  },
);

Deno.test(
  'the e-mail goes out through Resend right after commit, with the idempotency key',
  options,
  async () => {
    const [row] = await waitFor(async () => {
      const rows = await sql`select id::text as id, status, provider, provider_id from public.email_outbox`;
      return rows[0]?.status === 'sent' ? rows : undefined;
    }, 'the outbox row to be sent');
    assert.equal(row?.provider, 'resend');
    assert.deepEqual(
      peer.requests.map((request) => [request.path, request.status, request.idempotencyKey]),
      [['/emails', 200, `course-access/${row?.id}`]],
    );
    const [mail] = peer.delivered;
    assert.equal(mail?.to, 'Ada@example.com');
    assert.equal(row?.provider_id, mail?.id);
  },
);

Deno.test(
  'its link and code were made by generateLink at send time, and sign the visitor in once at /auth/v1/verify',
  options,
  async () => {
    const [mail] = peer.delivered;
    const token = signInTokenIn(mail?.text);
    assert.match(
      String(mail?.html),
      new RegExp(`href="[^"]+/course\\?token_hash=${token}&amp;type=magiclink"[^>]*>Watch the course`),
    );
    const code = signInCodeIn(mail?.text);
    assert.match(String(mail?.html), new RegExp(`monospace[^>]*>${code}</span>`));
    const outbox = await sql`select * from public.email_outbox`;
    assert.ok(!JSON.stringify([...outbox]).includes(token), 'the outbox stores no token');
    assert.ok(!JSON.stringify([...outbox]).includes(code), 'the outbox stores no code');
    const signedIn = await verify(token);
    assert.equal(signedIn.status, 200);
    const session = await signedIn.json();
    assert.equal(typeof session.access_token, 'string');
    assert.equal(String(session.user?.email).toLowerCase(), 'ada@example.com');
    const again = await verify(token);
    assert.equal(again.status, 403);
    await again.body?.cancel();
    const codeAfterLink = await verifyAs({ type: 'email', email: 'ada@example.com', token: code });
    assert.equal(codeAfterLink.status, 200, "the e-mail's code signs in on another device after its link");
    await codeAfterLink.body?.cancel();
  },
);

Deno.test('bad input gets 400 with an error, and the preflight is answered', options, async () => {
  const bad = await fetch(functionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ name: 'Ada', email: 'not-an-address' }),
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { error: 'Please enter a valid e-mail address.' });
  const preflight = await fetch(functionUrl, {
    method: 'OPTIONS',
    headers: { origin: SITE, 'access-control-request-method': 'POST' },
  });
  await preflight.body?.cancel();
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-client-info/);
});

Deno.test(
  'after a sign-up the function sends only when the shared rate allows; otherwise the row waits',
  options,
  async () => {
    // Another instance has just taken the slot: the next one is 3 s away.
    await sql`update public.mail_rate set next_slot_at = now() + interval '3 seconds'`;
    const response = await fetch(functionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': '198.51.100.2' },
      body: JSON.stringify({ name: 'Grace Hopper', email: 'grace@example.com' }),
    });
    assert.deepEqual(await response.json(), { ok: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows =
      await sql`select status, attempts from public.email_outbox where recipient = 'grace@example.com'`;
    assert.deepEqual([...rows], [{ status: 'pending', attempts: 0 }]);
    assert.equal(peer.requests.length, 1);
  },
);

Deno.test(
  'the pg_cron drain sends what is due as one batch, and only with the shared secret',
  options,
  async () => {
    await sql`
    with people as (
      insert into public.signups (email, name, consent_version, source)
      values ('alan@example.com', 'Alan', 'test', 'test'), ('edsger@example.com', 'Edsger', 'test', 'test')
      returning id, email
    )
    insert into public.email_outbox (id, signup_id, recipient)
    select 1000 + row_number() over (order by id), id, email from people`;
    const refused = await fetch(`${functionUrl}/deliver`, { method: 'POST' });
    assert.equal(refused.status, 403);
    await refused.body?.cancel();
    const delivered = await fetch(`${functionUrl}/deliver`, {
      method: 'POST',
      headers: { 'x-cron-secret': CRON_SECRET },
    });
    assert.deepEqual(await delivered.json(), { sent: 3, retry: 0, dead: 0, rateLimited: 0 });
    const batch = peer.requests.at(-1);
    assert.equal(batch?.path, '/emails/batch');
    assert.equal(batch?.emails, 3);
    assert.match(batch?.idempotencyKey ?? '', /^course-access-batch\/[0-9a-f]{32}$/);
    assert.deepEqual(peer.delivered.map((mail) => mail.to).sort(), [
      'Ada@example.com',
      'alan@example.com',
      'edsger@example.com',
      'grace@example.com',
    ]);
    const links = peer.delivered.map((mail) => signInTokenIn(mail.text));
    assert.equal(new Set(links).size, 4, 'each e-mail has a link of its own');
    const alans = peer.delivered.find((mail) => mail.to === 'alan@example.com');
    const byCode = await verifyAs({
      type: 'email',
      email: 'alan@example.com',
      token: signInCodeIn(alans?.text),
    });
    assert.equal(byCode.status, 200, "Alan's code signs him in on another device");
    await byCode.body?.cancel();
    const outbox = await sql`select status, count(*)::int as count from public.email_outbox group by status`;
    assert.deepEqual([...outbox], [{ status: 'sent', count: 4 }]);
  },
);

Deno.test(
  "a reminder pg_cron's query queues goes through Resend with both List-Unsubscribe fields; their one-click POST stops the next",
  options,
  async () => {
    await sql`
      with lesson as (
        insert into public.lessons (slug, title, video_path, duration_seconds, order_index, is_published)
        values ('trends', 'Lens one: trends', 'a.mp4', 60, 1, true)
      ), person as (
        insert into public.signups (email, name, consent_version, source)
        values ('rita@example.com', 'Rita', 'test', 'test')
      ), learner as (
        insert into auth.users (email) values ('rita@example.com') returning id
      )
      insert into public.reminder_consents (user_id, given, wording, wording_version, created_at)
      select id, true, 'E-mail me if I pause for a week.', 'test', now() - interval '8 days' from learner`;
    const [queued] = await sql`select public.queue_pause_reminders() as count`;
    assert.equal(queued?.count, 1);
    const delivered = await fetch(`${functionUrl}/deliver`, {
      method: 'POST',
      headers: { 'x-cron-secret': CRON_SECRET },
    });
    assert.deepEqual(await delivered.json(), { sent: 1, retry: 0, dead: 0, rateLimited: 0 });
    const reminder = peer.delivered.find((mail) => mail.to === 'rita@example.com');
    assert.equal(reminder?.subject, 'Your next lesson is waiting: Lens one: trends');
    assert.equal(reminder?.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(reminder?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    assert.ok(oneClick.startsWith(`${SUPABASE_URL}/functions/v1/send-email/unsubscribe?token=`), oneClick);

    // The provider posts to that URL; here it is this function's own /unsubscribe.
    const unsubscribed = await fetch(`${functionUrl}/unsubscribe${new URL(oneClick).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    assert.deepEqual([unsubscribed.status, await unsubscribed.json()], [200, { ok: true }]);
    const [latest] = await sql`
      select given, source from public.reminder_consents order by created_at desc, id desc limit 1`;
    assert.deepEqual({ ...latest }, { given: false, source: 'unsubscribe' });
    const [again] = await sql`select public.queue_pause_reminders(now() + interval '30 days') as count`;
    assert.equal(again?.count, 0);
  },
);

Deno.test(
  "an owner's announcement goes through Resend once, with both List-Unsubscribe fields; their POST withdraws that consent only",
  options,
  async () => {
    await sql`
      with person as (
        insert into public.signups (email, name, consent_version, source)
        values ('una@example.com', 'Una', 'test', 'test')
      ), learner as (
        insert into auth.users (email) values ('una@example.com') returning id
      ), reminders as (
        insert into public.reminder_consents (user_id, given, wording, wording_version)
        select id, true, 'E-mail me if I pause for a week.', 'test' from learner
      )
      insert into public.announcement_consents (user_id, given, wording, wording_version)
      select id, true, 'E-mail me when new lessons are added.', 'test' from learner`;
    await sql`select public.queue_announcement('A live session', 'Join us <live>.', gen_random_uuid())`;
    const delivered = await fetch(`${functionUrl}/deliver`, {
      method: 'POST',
      headers: { 'x-cron-secret': CRON_SECRET },
    });
    assert.equal((await delivered.json()).dead, 0);
    const announcements = peer.delivered.filter((mail) => mail.to === 'una@example.com');
    assert.equal(announcements.length, 1);
    const [announcement] = announcements;
    assert.equal(announcement?.subject, 'A live session');
    assert.ok(String(announcement?.html).includes('Join us &lt;live&gt;.'));
    assert.equal(announcement?.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(announcement?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    assert.ok(oneClick.startsWith(`${SUPABASE_URL}/functions/v1/send-email/unsubscribe?token=`), oneClick);

    const unsubscribed = await fetch(`${functionUrl}/unsubscribe${new URL(oneClick).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    assert.deepEqual([unsubscribed.status, await unsubscribed.json()], [200, { ok: true }]);
    const [answers] = await sql`
      select (select given from public.announcement_consents c join auth.users u on u.id = c.user_id
               where u.email = 'una@example.com' order by c.id desc limit 1) as announcements,
             (select given from public.reminder_answers_latest l join auth.users u on u.id = l.user_id
               where u.email = 'una@example.com') as reminders`;
    assert.deepEqual({ ...answers }, { announcements: false, reminders: true });
  },
);

Deno.test(
  "counts a caller by X-Forwarded-For's right-most entry, the platform's, whatever comes before it",
  options,
  async () => {
    const signUp = async (forwardedFor: string, email: string) => {
      const response = await fetch(functionUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ name: 'Mallory', email }),
      });
      await response.body?.cancel();
      return response.status;
    };
    assert.equal(await signUp('203.0.113.1, 198.51.100.50', 'mallory1@example.com'), 200);
    assert.equal(
      await signUp('203.0.113.2, 198.51.100.50', 'mallory2@example.com'),
      429,
      'a new left-most entry is the same client',
    );
    assert.equal(
      await signUp('203.0.113.2, 198.51.100.51', 'mallory3@example.com'),
      200,
      'a new right-most entry is another client',
    );
  },
);

Deno.test(
  "the e-mails carry the owner's published words, read at send time, and not her draft",
  options,
  async () => {
    await sql`update public.site_words_draft set words = '{"email.course.subject": "Still a draft"}'`;
    await sql`
      insert into public.site_words_versions (words, published_by)
      values ('{"email.course.subject": "Your course is here", "email.course.intro": "Welcome aboard."}', 'coach@example.com')`;
    const response = await fetch(functionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': '198.51.100.60' },
      body: JSON.stringify({ name: 'Hedy Lamarr', email: 'hedy@example.com' }),
    });
    assert.deepEqual(await response.json(), { ok: true });
    const mail = await waitFor(async () => {
      const delivered = await fetch(`${functionUrl}/deliver`, {
        method: 'POST',
        headers: { 'x-cron-secret': CRON_SECRET },
      });
      await delivered.body?.cancel();
      return peer.delivered.find((sent) => sent.to === 'hedy@example.com');
    }, "Hedy's course e-mail");
    assert.equal(mail.subject, 'Your course is here');
    assert.match(String(mail.text), /^Welcome aboard\.$/m);
    assert.match(String(mail.text), /^Watch the course: /m);
    signInCodeIn(mail.text);
  },
);

Deno.test(
  "'Send a test to me' sends an owner her draft at her own address, and refuses a visitor",
  options,
  async () => {
    // The owner signs in with the project's auth, and her address is an owner's in the function's database.
    const admin = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
    const generated = await fetch(`${SUPABASE_URL}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'magiclink', email: 'coach@example.com' }),
    });
    const { hashed_token: tokenHash } = await generated.json();
    const session = await (await verify(tokenHash)).json();
    await sql`insert into auth.users (id, email) values (${session.user.id}, 'coach@example.com')`;
    await sql`insert into public.owners (email) values ('coach@example.com')`;
    const test = (headers: Record<string, string>) =>
      fetch(`${functionUrl}/test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, apikey: EMBEDDED_ANON_KEY, ...headers },
        body: JSON.stringify({ email: 'course' }),
      });

    const visitor = await test({ authorization: `Bearer ${EMBEDDED_ANON_KEY}` });
    assert.equal(visitor.status, 401);
    await visitor.body?.cancel();
    const sent = await test({ authorization: `Bearer ${session.access_token}` });
    assert.deepEqual([sent.status, await sent.json()], [200, { ok: true, to: 'coach@example.com' }]);
    const mail = peer.delivered.find((delivered) => delivered.to === 'coach@example.com');
    assert.equal(mail?.subject, '[Test] Still a draft');
  },
);

Deno.test('stops the function, the peer and the database', options, async () => {
  child.kill('SIGTERM');
  await child.status;
  await collecting;
  await resend.shutdown();
  await sql.end();
  await admin.unsafe(`drop database ${name} with (force)`);
  await admin.end();
});
