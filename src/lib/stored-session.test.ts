import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { hasStoredSession, sessionStorageKey } from './stored-session';

const BACK_END = 'https://abcdefgh.supabase.co';
const KEY = 'sb-abcdefgh-auth-token';
const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** A session as GoTrue answers a verified sign-in link. */
function sessionAnswer(expiresAt: number) {
  return {
    access_token: 'header.payload.signature',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: 'refresh-1',
    user: {
      id: '7c0f3c1e-2b1a-4e33-9d54-0b8f3f1f1a10',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ada@example.com',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
    },
  };
}

/** Signs in with supabase-js itself (its requests answered here), so the test reads what the real client stores. */
async function signInWithSupabaseJs(storage: Storage) {
  const client = createClient(BACK_END, 'anon-key', {
    auth: { storage, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: () => Promise.resolve(Response.json(sessionAnswer(nowInSeconds() + 3600))) },
  });
  const { error } = await client.auth.verifyOtp({ token_hash: 'hash', type: 'magiclink' });
  expect(error).toBeNull();
}

describe('sessionStorageKey', () => {
  it("is supabase-js's default key: the first label of the back end's host name", () => {
    expect(sessionStorageKey(BACK_END)).toBe(KEY);
    expect(sessionStorageKey('http://localhost:8080')).toBe('sb-localhost-auth-token');
    expect(sessionStorageKey('http://127.0.0.1:8080')).toBe('sb-127-auth-token');
  });
});

describe('hasStoredSession', () => {
  afterEach(() => window.localStorage.clear());

  it('finds the session supabase-js stores when a sign-in link is verified', async () => {
    const storage = window.localStorage;
    expect(await hasStoredSession({ storage, backEndUrl: BACK_END })).toBe(false);
    await signInWithSupabaseJs(storage);
    expect(storage.getItem(KEY)).not.toBeNull();
    expect(await hasStoredSession({ storage, backEndUrl: BACK_END })).toBe(true);
    expect(await hasStoredSession({ storage, backEndUrl: 'https://another.supabase.co' })).toBe(false);
  });

  it('counts a session whose access token has expired: the course page refreshes it', async () => {
    window.localStorage.setItem(KEY, JSON.stringify(sessionAnswer(nowInSeconds() - 60)));
    expect(await hasStoredSession({ backEndUrl: BACK_END })).toBe(true);
  });

  it.each([
    ['no refresh token', JSON.stringify({ ...sessionAnswer(0), refresh_token: '' })],
    ['no access token', JSON.stringify({ refresh_token: 'r', expires_at: 1 })],
    ['not JSON', '{"access_token'],
    ['JSON null', 'null'],
  ])('does not count a stored value with %s', async (_, stored) => {
    window.localStorage.setItem(KEY, stored);
    expect(await hasStoredSession({ backEndUrl: BACK_END })).toBe(false);
  });

  it('answers no when storage is blocked or the back end URL is broken', async () => {
    const refuse = () => {
      throw new DOMException('The storage is blocked.', 'SecurityError');
    };
    const blocked: Storage = {
      length: 0,
      key: refuse,
      getItem: refuse,
      setItem: refuse,
      removeItem: refuse,
      clear: refuse,
    };
    expect(await hasStoredSession({ storage: blocked, backEndUrl: BACK_END })).toBe(false);
    expect(await hasStoredSession({ backEndUrl: 'not a url' })).toBe(false);
  });
});
