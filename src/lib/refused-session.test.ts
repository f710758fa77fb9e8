import { describe, expect, it, vi } from 'vitest';
import { answerWith, requests, withFakeNetwork } from './fake-network';
import { STORAGE_KEY, goTrueError, sessionBody } from './fake-session';

withFakeNetwork();

/** A fresh page's client, signed in, and the auth events it reports. */
async function signedInClient() {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody()));
  vi.resetModules();
  const supabase = await (await import('./supabase')).getSupabase();
  const events: string[] = [];
  supabase.auth.onAuthStateChange((event) => events.push(event));
  return { supabase, events };
}

const refusedToken = () => Response.json({ code: 'PGRST301', message: 'JWT session ended' }, { status: 401 });
const paths = () => requests.map((request) => new URL(request.url).pathname);

describe('a session the back end refuses', () => {
  it('is ended when Auth refuses to refresh it too, so the page shows its signed-out view', async () => {
    const { supabase, events } = await signedInClient();
    answerWith((request) =>
      new URL(request.url).pathname === '/auth/v1/token'
        ? goTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
        : refusedToken(),
    );
    await supabase.from('lessons').select('id');
    await vi.waitFor(() => expect(events).toContain('SIGNED_OUT'));
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(paths()).toEqual(['/rest/v1/lessons', '/auth/v1/token', '/auth/v1/logout']);
  });

  it('is kept when the refresh works (the token had only expired), and when Auth cannot be reached', async () => {
    const { supabase, events } = await signedInClient();
    answerWith((request) =>
      new URL(request.url).pathname === '/auth/v1/token' ? Response.json(sessionBody()) : refusedToken(),
    );
    await supabase.storage.from('course').createSignedUrl('lessons/welcome.mp4', 60);
    await vi.waitFor(() => expect(events).toContain('TOKEN_REFRESHED'));
    expect(events).not.toContain('SIGNED_OUT');

    answerWith((request) =>
      new URL(request.url).pathname === '/auth/v1/token' ? new Response('', { status: 503 }) : refusedToken(),
    );
    await supabase.from('lessons').select('id');
    await vi.waitFor(() => expect(paths()).toContain('/auth/v1/token'));
    expect(events).not.toContain('SIGNED_OUT');
    expect(window.localStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });

  it("leaves a visitor's refusals alone: nobody is signed in to end", async () => {
    vi.resetModules();
    const supabase = await (await import('./supabase')).getSupabase();
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    answerWith(refusedToken);
    await supabase.from('lessons').select('id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(paths()).toEqual(['/rest/v1/lessons']);
  });
});
