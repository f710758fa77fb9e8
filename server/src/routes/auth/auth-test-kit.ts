/**
 * What the auth routes' test files share: an app on a test database of their own, supabase-js's auth client
 * answered by it in-process, a signed-in learner, and plain requests to /auth/v1.
 */
import { AuthClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect } from 'vitest';
import { issueMagicLinkToken } from '../../auth/one-time-tokens.ts';
import type { Database } from '../../db/database.ts';
import { createTestApp, testJwtKeys } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';

export const SITE = 'https://lenses.example';

// Set by openAuthApp's hook before the calling file's tests run (each test file loads this module anew).
export let db: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;
export let serviceRoleKey: string;

/** Opens the calling test file's database and app before its tests, and closes them after. */
export function openAuthApp() {
  beforeAll(async () => {
    db = await createTestDatabase();
    // Far above the per-IP rule of a real server: these tests sign in many times from one address.
    app = await createTestApp(db, { otp: { perIp: { limit: 10_000, windowSeconds: 60 } } });
    serviceRoleKey = await testJwtKeys.signServiceRoleKey();
  });
  afterAll(() => db.close());
}

export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * supabase-js's auth client (what `createClient(...).auth` is), sending what createClient makes it send, its
 * requests answered by the app in-process. The whole client is not built here: its realtime part needs a
 * WebSocket, which Node 20 lacks.
 */
export function authClient(key = EMBEDDED_ANON_KEY, storage = memoryStorage()) {
  return new AuthClient({
    url: `${SITE}/auth/v1`,
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    storage,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    fetch: (input, init) =>
      Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
  });
}

export async function signIn(email = `learner-${crypto.randomUUID()}@example.com`) {
  const storage = memoryStorage();
  const client = authClient(EMBEDDED_ANON_KEY, storage);
  const { data, error } = await client.verifyOtp({
    token_hash: (await issueMagicLinkToken(db, email)).token,
    type: 'magiclink',
  });
  expect(error).toBeNull();
  if (!data.session) throw new Error('no session');
  return { client, storage, session: data.session };
}

export const authRequest = (path: string, init: RequestInit = {}) =>
  app.request(`/auth/v1/${path}`, {
    ...init,
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json', ...init.headers },
  });
