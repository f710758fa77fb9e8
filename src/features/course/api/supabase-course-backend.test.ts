import { describe, expect, it, vi } from 'vitest';
import { z } from '@/lib/zod';
import { answerWith, networkDown, requests, withFakeNetwork } from '@/lib/fake-network';
import { STORAGE_KEY, sessionBody } from '@/lib/fake-session';
import type { Lesson } from '../model/lesson';

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
  const signed = (path: string) => ({ error: null, path, signedURL: `/object/sign/course/${path}?token=t` });
  const urlOf = (path: string) => `${window.location.origin}/storage/v1/object/sign/course/${path}?token=t`;

  it('signs the video, captions and poster in the private bucket for an hour, in one request', async () => {
    answerWith(async (request) => {
      const { paths } = z.object({ paths: z.array(z.string()) }).parse(await request.json());
      return Response.json(paths.map(signed));
    });
    const media = await (await freshBackend()).signLessonMedia(lessonRow);
    expect(media).toEqual({
      video: urlOf('lessons/welcome.mp4'),
      captions: urlOf('lessons/welcome.vtt'),
      poster: urlOf('lessons/welcome.jpg'),
      slowLinkVideo: null,
    });
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/storage/v1/object/sign/course');
    expect(await requests[0]?.json()).toEqual({
      expiresIn: 3600,
      paths: ['lessons/welcome.mp4', 'lessons/welcome.vtt', 'lessons/welcome.jpg'],
    });
  });

  it('signs nothing it has no path for', async () => {
    answerWith(() => Response.json([signed('lessons/welcome.mp4')]));
    const media = await (
      await freshBackend()
    ).signLessonMedia({ ...lessonRow, captions_path: null, poster_path: null });
    expect(media.captions).toBeNull();
    expect(media.poster).toBeNull();
    expect(await requests[0]?.json()).toMatchObject({ paths: ['lessons/welcome.mp4'] });
  });

  it('rejects when the video cannot be signed', async () => {
    answerWith(() =>
      Response.json({ statusCode: '404', error: 'not_found', message: 'Object not found' }, { status: 400 }),
    );
    await expect((await freshBackend()).signLessonMedia(lessonRow)).rejects.toThrow();
  });
});
