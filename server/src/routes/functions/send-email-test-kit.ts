/**
 * What the send-email function's test files share: a test database emptied of sign-ups and e-mails before each
 * test, an app behind a reverse proxy on this machine with the handler's limits as given, and a sign-up request.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Hono } from 'hono';
import type { Database } from '../../db/database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { corsPolicyFor } from '../../../../supabase/functions/_shared/cors.ts';
import type { Log, LogLine } from '../../../../supabase/functions/_shared/log.ts';
import {
  createSendEmailHandler,
  DEFAULT_LIMITS,
  type SignupLimits,
} from '../../../../supabase/functions/_shared/send-email-handler.ts';

// Set by openSignupDatabase's hook before the calling file's tests run (each test file loads this module anew).
export let db: Database;

/** Opens the calling test file's database before its tests, empties its sign-ups before each, closes it after. */
export function openSignupDatabase() {
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());
  beforeEach(() =>
    db.exec(`truncate public.email_outbox, public.signups restart identity cascade;
             update public.mail_request_budget set hour = date_trunc('hour', now()), emails = 0, alerted_hour = null`),
  );
}

export const SITE = 'https://lenses.example';
/** Every request comes from a reverse proxy on this machine, which names the visitor in X-Forwarded-For. */
const PROXY = '127.0.0.1';

export function recordingLog() {
  const lines: LogLine[] = [];
  const log: Log = { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) };
  return { lines, log };
}

export async function appWith(
  options: { limits?: SignupLimits; db?: Database; log?: Log; onQueued?: (id: string) => void } = {},
) {
  const sendEmail = createSendEmailHandler({
    db: options.db ?? db,
    log: options.log ?? recordingLog().log,
    cors: corsPolicyFor([SITE]),
    limits: options.limits ?? DEFAULT_LIMITS,
    source: 'test',
    ...(options.onQueued && { onQueued: options.onQueued }),
  });
  return createTestApp(db, { sendEmail, trustedProxies: [PROXY] });
}

export function signUp(app: Hono, body: unknown, headers: Record<string, string> = {}, peer = PROXY) {
  return app.request(
    '/functions/v1/send-email',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.7',
        origin: SITE,
        ...headers,
      },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );
}

export const rows = async () => ({
  signups: await db.query<{
    email: string;
    name: string;
    signup_count: number;
    source: string;
    consent_version: string;
  }>('select email, name, signup_count, source, consent_version from public.signups order by id'),
  outbox: await db.query<{ recipient: string; status: string; idempotency_key: string; id: string }>(
    'select id::text, recipient, status, idempotency_key from public.email_outbox order by id',
  ),
});
