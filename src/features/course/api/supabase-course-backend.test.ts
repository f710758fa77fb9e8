import { describe, expect, it, vi } from 'vitest';
import { answerWith, requests, withFakeNetwork } from './fake-network';
import type { Lesson } from '../model/lesson';

const STORAGE_KEY = 'sb-localhost-auth-token';
const nowSeconds = () => Math.floor(Date.now() / 1000);

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const accessToken = (expiresAt: number) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: 'user-1', role: 'authenticated', aud: 'authenticated', exp: expiresAt })}.c2lnbmF0dXJl`;

function sessionBody(expiresAt = nowSeconds() + 3600) {
  return {
    access_token: accessToken(expiresAt),
    token_type: 'bearer',
    expires_in: expiresAt - nowSeconds(),
    expires_at: expiresAt,
    refresh_token: 'refresh-1',
    user: { id: 'user-1', aud: 'authenticated', role: 'authenticated', email: 'ada@example.com' },
  };
}

const goTrueError = (status: number, code: string, message: string) =>
  Response.json({ code: status, error_code: code, msg: message }, { status });

function networkDown() {
  answerWith(() => {
    throw new TypeError('Failed to fetch');
  });
}

async function freshBackend() {
  vi.resetModules();
  return (await import('./supabase-course-backend')).supabaseCourseBackend;
}

const lessonRow: Lesson = {
  id: 1,
  slug: 'welcome',
  title: 'Welcome',
  summary: 'What the three lenses are.',
  video_path: 'lessons/welcome.mp4',
  stream_path: null,
  captions_path: 'lessons/welcome.vtt',
  poster_path: 'lessons/welcome.jpg',
  duration_seconds: 45,
  order_index: 1,
};

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

describe('listLessons', () => {
  it("reads the published lessons in order with the signed-in visitor's token", async () => {
    const session = sessionBody();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    answerWith(() => Response.json([lessonRow]));
    expect(await (await freshBackend()).listLessons()).toEqual([lessonRow]);
    const [request] = requests;
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe('/rest/v1/lessons');
    expect(url.searchParams.get('select')).toBe(
      'id,slug,title,summary,video_path,stream_path,captions_path,poster_path,duration_seconds,order_index',
    );
    expect(url.searchParams.get('order')).toBe('order_index.asc');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
  });

  it('rejects a malformed row and a refusal', async () => {
    answerWith(() => Response.json([{ ...lessonRow, video_path: null }]));
    await expect((await freshBackend()).listLessons()).rejects.toThrow();
    answerWith(() => Response.json({ code: 'PGRST301', message: 'JWT expired' }, { status: 401 }));
    await expect((await freshBackend()).listLessons()).rejects.toMatchObject({ message: 'JWT expired' });
  });
});

describe('loadProgress', () => {
  const row = {
    lesson_id: 1,
    position_seconds: 21.5,
    completed_at: null,
    updated_at: '2026-11-23T10:00:00Z',
  };

  it("reads the learner's own progress rows with their token, and names the learner", async () => {
    const session = sessionBody();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    answerWith(() => Response.json([row]));
    expect(await (await freshBackend()).loadProgress()).toEqual({
      learnerId: 'user-1',
      progress: new Map([['1', { positionSeconds: 21.5, completedAt: null, recordedAt: row.updated_at }]]),
    });
    const [request] = requests;
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe('/rest/v1/lesson_progress');
    expect(url.searchParams.get('select')).toBe('lesson_id,position_seconds,completed_at,updated_at');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
  });

  it('rejects without a session, on a malformed row and on a refusal', async () => {
    answerWith(() => Response.json([]));
    await expect((await freshBackend()).loadProgress()).rejects.toThrow();
    expect(requests).toEqual([]);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody()));
    answerWith(() => Response.json([{ ...row, position_seconds: -1 }]));
    await expect((await freshBackend()).loadProgress()).rejects.toThrow();
    answerWith(() => Response.json({ code: 'PGRST301', message: 'JWT expired' }, { status: 401 }));
    await expect((await freshBackend()).loadProgress()).rejects.toMatchObject({ message: 'JWT expired' });
  });
});

describe('saveProgress', () => {
  const save = { learnerId: 'user-1', lessonKey: '1', positionSeconds: 21.5, completedAt: null };

  it("writes the row with supabase-js's upsert on the primary key, sending completed_at only once watched", async () => {
    const session = sessionBody();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    answerWith(() => new Response(null, { status: 201 }));
    const backend = await freshBackend();
    await backend.saveProgress(save, { leaving: false });
    await backend.saveProgress({ ...save, completedAt: '2026-11-23T10:00:00.000Z' }, { leaving: false });
    const [first, second] = requests;
    const url = new URL(first?.url ?? '');
    expect(first?.method).toBe('POST');
    expect(url.pathname).toBe('/rest/v1/lesson_progress');
    expect(url.searchParams.get('on_conflict')).toBe('user_id,lesson_id');
    expect(first?.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(first?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
    expect(first?.keepalive).toBe(false);
    expect(await first?.json()).toEqual({ user_id: 'user-1', lesson_id: '1', position_seconds: 21.5 });
    expect(await second?.json()).toEqual({
      user_id: 'user-1',
      lesson_id: '1',
      position_seconds: 21.5,
      completed_at: '2026-11-23T10:00:00.000Z',
    });
  });

  it('sends a save made as the page goes in a keepalive request, with the same token', async () => {
    const session = sessionBody();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    answerWith((request) =>
      request.method === 'GET' ? Response.json([]) : new Response(null, { status: 201 }),
    );
    const backend = await freshBackend();
    await backend.loadProgress();
    await backend.saveProgress(save, { leaving: true });
    const leaving = requests[1];
    expect(leaving?.method).toBe('POST');
    expect(leaving?.keepalive).toBe(true);
    expect(leaving?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
    expect(await leaving?.json()).toEqual({ user_id: 'user-1', lesson_id: '1', position_seconds: 21.5 });
  });

  it('rejects a refused or failed save', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionBody()));
    answerWith(() =>
      Response.json({ code: '42501', message: 'new row violates row-level security' }, { status: 403 }),
    );
    await expect((await freshBackend()).saveProgress(save, { leaving: false })).rejects.toMatchObject({
      code: '42501',
    });
    networkDown();
    await expect((await freshBackend()).saveProgress(save, { leaving: false })).rejects.toBeTruthy();
  });
});

describe('signLessonMedia', () => {
  it('signs the video, captions and poster in the private bucket for an hour', async () => {
    answerWith(async (request) => {
      const path = new URL(request.url).pathname.replace('/storage/v1', '');
      return Response.json({ signedURL: `${path}?token=t-${path.split('.').pop() ?? ''}` });
    });
    const media = await (await freshBackend()).signLessonMedia(lessonRow);
    const origin = window.location.origin;
    expect(media).toEqual({
      video: `${origin}/storage/v1/object/sign/course/lessons/welcome.mp4?token=t-mp4`,
      captions: `${origin}/storage/v1/object/sign/course/lessons/welcome.vtt?token=t-vtt`,
      poster: `${origin}/storage/v1/object/sign/course/lessons/welcome.jpg?token=t-jpg`,
    });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(await requests[0]?.json()).toEqual({ expiresIn: 3600 });
  });

  it('signs nothing it has no path for', async () => {
    answerWith(() => Response.json({ signedURL: '/object/sign/course/lessons/welcome.mp4?token=t' }));
    const media = await (
      await freshBackend()
    ).signLessonMedia({ ...lessonRow, captions_path: null, poster_path: null });
    expect(media.captions).toBeNull();
    expect(media.poster).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('rejects when a file cannot be signed', async () => {
    answerWith(() =>
      Response.json({ statusCode: '404', error: 'not_found', message: 'Object not found' }, { status: 400 }),
    );
    await expect((await freshBackend()).signLessonMedia(lessonRow)).rejects.toThrow();
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
