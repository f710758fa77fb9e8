import { describe, expect, it, vi } from 'vitest';
import { answerWith, networkDown, requests, withFakeNetwork } from '@/lib/fake-network';
import { STORAGE_KEY, goTrueError, nowSeconds, sessionBody } from '@/lib/fake-session';

async function freshBackend() {
  vi.resetModules();
  return (await import('./supabase-sign-in')).supabaseSignIn;
}

withFakeNetwork();

describe('verifySignInLink', () => {
  it('posts the token to GoTrue as a magic link and keeps the session it answers with', async () => {
    answerWith(() => Response.json(sessionBody()));
    const backend = await freshBackend();
    expect(await backend.verifySignInLink('hash-1')).toBe('signed-in');
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/auth/v1/verify');
    expect(await request?.json()).toMatchObject({ type: 'email', token_hash: 'hash-1' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      refresh_token: 'refresh-1',
    });
    expect(await backend.sessionStatus()).toBe('signed-in');
  });

  it.each([
    [
      'a used or expired link (403 otp_expired)',
      'refused',
      () => goTrueError(403, 'otp_expired', 'Token has expired or is invalid'),
    ],
    ['a malformed request (400)', 'refused', () => goTrueError(400, 'validation_failed', 'Invalid type')],
    [
      'too many tries (429)',
      'rate-limited',
      () => goTrueError(429, 'over_request_rate_limit', 'Request rate limit reached'),
    ],
    ['a server failure (500)', 'unreachable', () => Response.json({ message: 'boom' }, { status: 500 })],
  ])('answers %s with %s and stores no session', async (_, outcome, answer) => {
    answerWith(answer);
    const backend = await freshBackend();
    expect(await backend.verifySignInLink('hash-1')).toBe(outcome);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('answers a network failure with unreachable', async () => {
    networkDown();
    expect(await (await freshBackend()).verifySignInLink('hash-1')).toBe('unreachable');
  });
});

describe('prepareSignIn', () => {
  it('loads the client ahead of the tap without asking the server anything', async () => {
    answerWith(() => Response.json(sessionBody()));
    const backend = await freshBackend();
    backend.prepareSignIn();
    expect(await backend.verifySignInLink('hash-1')).toBe('signed-in');
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/auth/v1/verify']);
  });
});

describe('verifySignInCode', () => {
  it('posts the address and the code to GoTrue as an e-mail code and keeps the session', async () => {
    answerWith(() => Response.json(sessionBody()));
    const backend = await freshBackend();
    expect(await backend.verifySignInCode('ada@example.com', '012345')).toBe('signed-in');
    const [request] = requests;
    expect(new URL(request?.url ?? '').pathname).toBe('/auth/v1/verify');
    expect(await request?.json()).toMatchObject({ type: 'email', email: 'ada@example.com', token: '012345' });
    expect(await backend.sessionStatus()).toBe('signed-in');
  });

  it('answers a wrong or spent code with refused, too many tries with rate-limited, no answer with unreachable', async () => {
    answerWith(() => goTrueError(403, 'otp_expired', 'Token has expired or is invalid'));
    expect(await (await freshBackend()).verifySignInCode('ada@example.com', '999999')).toBe('refused');
    answerWith(() => goTrueError(429, 'over_request_rate_limit', 'Request rate limit reached'));
    expect(await (await freshBackend()).verifySignInCode('ada@example.com', '999999')).toBe('rate-limited');
    networkDown();
    expect(await (await freshBackend()).verifySignInCode('ada@example.com', '999999')).toBe('unreachable');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('sessionStatus', () => {
  it('finds no session in an empty browser without asking the server', async () => {
    answerWith(() => Response.json({}));
    expect(await (await freshBackend()).sessionStatus()).toBe('no-session');
    expect(requests).toEqual([]);
  });

  it('refreshes an expired session, and calls it gone when GoTrue refuses the refresh token', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody(nowSeconds() - 60)));
    answerWith(() => goTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
    expect(await (await freshBackend()).sessionStatus()).toBe('no-session');
    expect(new URL(requests[0]?.url ?? '').searchParams.get('grant_type')).toBe('refresh_token');
  });

  it('calls it unreachable when the refresh gets no answer, after supabase-js has retried for a while', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody(nowSeconds() - 60)));
    networkDown();
    const backend = await freshBackend();
    // supabase-js retries a refresh that gets no answer with a doubling back-off, for up to about 30 seconds.
    vi.useFakeTimers();
    try {
      const status = backend.sessionStatus();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await status).toBe('unreachable');
    } finally {
      vi.useRealTimers();
    }
    expect(requests.length).toBeGreaterThan(1);
    expect(window.localStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });
});

describe('requestNewLink', () => {
  it('asks GoTrue for a sign-in e-mail for an existing user only, back to /course on this site', async () => {
    answerWith(() => Response.json({}));
    expect(await (await freshBackend()).requestNewLink('ada@example.com')).toBe('sent');
    const [request] = requests;
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe('/auth/v1/otp');
    expect(url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/course`);
    expect(await request?.json()).toMatchObject({ email: 'ada@example.com', create_user: false });
  });

  it.each([
    [
      'an address that never signed up (hosted GoTrue: 422)',
      'sent',
      () => goTrueError(422, 'otp_disabled', 'Signups not allowed for otp'),
    ],
    [
      'a refused address (400)',
      'sent',
      () => goTrueError(400, 'email_address_invalid', 'Email address is invalid'),
    ],
    [
      'too many e-mails (429)',
      'rate-limited',
      () => goTrueError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
    ],
    ['a server failure (500)', 'failed', () => Response.json({ message: 'boom' }, { status: 500 })],
  ])('answers %s with %s', async (_, outcome, answer) => {
    answerWith(answer);
    expect(await (await freshBackend()).requestNewLink('who@example.com')).toBe(outcome);
  });

  it('answers a network failure with failed', async () => {
    networkDown();
    expect(await (await freshBackend()).requestNewLink('ada@example.com')).toBe('failed');
  });
});

describe('signOut', () => {
  it('ends the session on the server and in the browser, and tells the listeners', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody()));
    answerWith(() => new Response(null, { status: 204 }));
    const backend = await freshBackend();
    const listener = vi.fn();
    const unsubscribe = backend.onSignedOut(listener);
    expect(await backend.signOut()).toBe('signed-out');
    expect(new URL(requests.at(-1)?.url ?? '').pathname).toBe('/auth/v1/logout');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    unsubscribe();
  });

  it('keeps the session when the server cannot be told', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody()));
    networkDown();
    expect(await (await freshBackend()).signOut()).toBe('failed');
    expect(window.localStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });
});
