import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, requests, withFakeNetwork } from '@/lib/fake-network';

async function freshSign() {
  vi.resetModules();
  return (await import('./sign-outline-files')).signOutlineFiles;
}

async function freshSignCourseFiles() {
  vi.resetModules();
  return (await import('./sign-course-files')).signCourseFiles;
}

const preview = {
  videoPath: 'lessons/why-three-lenses.mp4',
  captionsPath: 'lessons/why-three-lenses.vtt',
  posterPath: 'lessons/why-three-lenses.webp',
  streamPath: null,
};
const NOT_READABLE = 'Either the object does not exist or you do not have access to it';
const signed = (path: string) => ({ error: null, path, signedURL: `/object/sign/course/${path}?token=t` });
const refused = (path: string) => ({ error: NOT_READABLE, path, signedURL: null });
const urlOf = (path: string, token = 't') =>
  `${window.location.origin}/storage/v1/object/sign/course/${path}?token=${token}`;

withFakeNetwork();

describe('signOutlineFiles', () => {
  it("signs a preview's video, captions and poster for an hour in one request, as anon", async () => {
    answerWith(() =>
      Response.json([preview.videoPath, preview.captionsPath, preview.posterPath].map(signed)),
    );
    expect(await (await freshSign())(preview)).toEqual({
      video: urlOf(preview.videoPath),
      captions: urlOf(preview.captionsPath),
      poster: urlOf(preview.posterPath),
      slowLinkVideo: null,
    });
    expect(requests).toHaveLength(1);
    const [sign] = requests;
    expect(sign?.method).toBe('POST');
    expect(new URL(sign?.url ?? '').pathname).toBe('/storage/v1/object/sign/course');
    expect(await sign?.json()).toEqual({
      expiresIn: 3600,
      paths: [preview.videoPath, preview.captionsPath, preview.posterPath],
    });
    expect(sign?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('asks only for the files the preview has, and leaves out captions or a poster that cannot be signed', async () => {
    answerWith(() => Response.json([signed(preview.videoPath)]));
    expect(await (await freshSign())({ ...preview, captionsPath: null, posterPath: null })).toEqual({
      video: urlOf(preview.videoPath),
      captions: null,
      poster: null,
      slowLinkVideo: null,
    });
    expect(await requests[0]?.json()).toMatchObject({ paths: [preview.videoPath] });

    answerWith(() =>
      Response.json([signed(preview.videoPath), refused(preview.captionsPath), refused(preview.posterPath)]),
    );
    expect(await (await freshSign())(preview)).toEqual({
      video: urlOf(preview.videoPath),
      captions: null,
      poster: null,
      slowLinkVideo: null,
    });
  });

  it("signs a streamed preview's slow-link MP4 in the same request, and leaves it out when its stream has none", async () => {
    const streamed = { ...preview, streamPath: 'lessons/0a1b/master.m3u8' };
    const slowLink = 'lessons/0a1b/slow-link.mp4';
    const files = [preview.videoPath, preview.captionsPath, preview.posterPath];
    answerWith(() => Response.json([...files, slowLink].map(signed)));
    expect(await (await freshSign())(streamed)).toMatchObject({
      video: urlOf(preview.videoPath),
      slowLinkVideo: urlOf(slowLink),
    });
    expect(await requests[0]?.json()).toMatchObject({ paths: [...files, slowLink] });

    answerWith(() => Response.json([...files.map(signed), refused(slowLink)]));
    expect(await (await freshSign())(streamed)).toMatchObject({ slowLinkVideo: null });
  });

  it('rejects when the video cannot be signed, or Storage refuses the request', async () => {
    answerWith(() =>
      Response.json([refused(preview.videoPath), signed(preview.captionsPath), signed(preview.posterPath)]),
    );
    await expect((await freshSign())(preview)).rejects.toThrow(/could not be signed/);

    answerWith(() =>
      Response.json(
        { statusCode: '400', error: 'InvalidParameter', message: 'bad request' },
        { status: 400 },
      ),
    );
    await expect((await freshSign())(preview)).rejects.toThrow();
  });
});

describe('signCourseFiles', () => {
  afterEach(() => vi.useRealTimers());

  /** Storage answering each request with addresses of its own (tokens t1, t2, …). */
  function answerWithNewTokens() {
    let made = 0;
    answerWith(async (request) => {
      made += 1;
      const { paths } = (await request.json()) as { paths: string[] };
      return Response.json(
        paths.map((path) => ({ error: null, path, signedURL: `/object/sign/course/${path}?token=t${made}` })),
      );
    });
  }

  it("gives an address signed in the last minute again: the cover's poster and the player's are one download", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    answerWithNewTokens();
    const sign = await freshSignCourseFiles();
    const cover = await sign([preview.posterPath]);
    expect(cover.get(preview.posterPath)).toBe(urlOf(preview.posterPath, 't1'));

    vi.advanceTimersByTime(59_000);
    const player = await sign([preview.videoPath, preview.posterPath]);
    expect(player.get(preview.posterPath)).toBe(urlOf(preview.posterPath, 't1'));
    expect(player.get(preview.videoPath)).toBe(urlOf(preview.videoPath, 't2'));
    expect(requests).toHaveLength(2);
    expect(await requests[1]?.json()).toMatchObject({ paths: [preview.videoPath] });
  });

  it('signs again after a minute, and never remembers a path it could not sign', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    answerWithNewTokens();
    const sign = await freshSignCourseFiles();
    await sign([preview.posterPath]);
    vi.advanceTimersByTime(60_000);
    expect((await sign([preview.posterPath])).get(preview.posterPath)).toBe(urlOf(preview.posterPath, 't2'));

    answerWith(() => Response.json([refused(preview.videoPath)]));
    expect((await sign([preview.videoPath])).has(preview.videoPath)).toBe(false);
    answerWithNewTokens();
    expect((await sign([preview.videoPath])).get(preview.videoPath)).toBe(urlOf(preview.videoPath, 't1'));
  });

  it('signs a file that two parts of the page ask for at once in one request', async () => {
    answerWithNewTokens();
    const sign = await freshSignCourseFiles();
    const [warmup, outline] = await Promise.all([
      sign([preview.videoPath, preview.captionsPath]),
      sign([preview.posterPath, preview.videoPath]),
    ]);
    expect(warmup.get(preview.videoPath)).toMatch(/lessons\/why-three-lenses\.mp4\?token=t\d$/);
    expect(outline.get(preview.videoPath)).toBe(warmup.get(preview.videoPath));
    expect(outline.get(preview.posterPath)).toMatch(/lessons\/why-three-lenses\.webp\?token=t\d$/);
    expect(requests).toHaveLength(2);
    expect(await requests[1]?.json()).toMatchObject({ paths: [preview.posterPath] });
  });

  it('forgets a request that failed, so the next asks again', async () => {
    answerWith(() =>
      Response.json({ statusCode: '500', error: 'Internal', message: 'down' }, { status: 500 }),
    );
    const sign = await freshSignCourseFiles();
    await expect(sign([preview.videoPath])).rejects.toThrow();
    answerWithNewTokens();
    expect((await sign([preview.videoPath])).get(preview.videoPath)).toBe(urlOf(preview.videoPath, 't1'));
  });
});
