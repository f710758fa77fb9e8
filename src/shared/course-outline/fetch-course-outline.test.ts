import { describe, expect, it, vi } from 'vitest';
import { answerWith, requests, withFakeNetwork } from '@/lib/fake-network';

async function freshFetch() {
  vi.resetModules();
  return (await import('./fetch-course-outline')).fetchCourseOutline;
}

const rows = [
  {
    slug: 'why-three-lenses',
    title: 'Why plan with three lenses',
    summary: 'Meet the framework.',
    duration_seconds: 47,
    order_index: 1,
    poster_path: 'lessons/why-three-lenses.webp',
    is_preview: false,
    speaks_to: [],
    video_path: null,
    captions_path: null,
    stream_path: null,
    streams: false,
  },
  {
    slug: 'the-trends-lens',
    title: 'Lens one: trends',
    summary: 'Spot the trends.',
    duration_seconds: 43,
    order_index: 2,
    poster_path: null,
    is_preview: false,
    speaks_to: ['AI taking over jobs', 'under25'],
    video_path: null,
    captions_path: null,
    stream_path: null,
    streams: true,
  },
];

const lessons = [
  {
    slug: 'why-three-lenses',
    title: 'Why plan with three lenses',
    summary: 'Meet the framework.',
    durationSeconds: 47,
    orderIndex: 1,
    isPreview: false,
    streams: false,
    speaksTo: [],
    files: null,
    preview: null,
  },
  {
    slug: 'the-trends-lens',
    title: 'Lens one: trends',
    summary: 'Spot the trends.',
    durationSeconds: 43,
    orderIndex: 2,
    isPreview: false,
    streams: true,
    speaksTo: ['AI taking over jobs', 'under25'],
    files: null,
    preview: null,
  },
];

const isOutlineRead = (request: Request) => new URL(request.url).pathname === '/rest/v1/course_outline';

withFakeNetwork();

describe('fetchCourseOutline', () => {
  it('reads the public outline in order as anon and signs the first poster for an hour', async () => {
    answerWith((request) =>
      isOutlineRead(request)
        ? Response.json(rows)
        : Response.json([
            {
              error: null,
              path: 'lessons/why-three-lenses.webp',
              signedURL: '/object/sign/course/lessons/why-three-lenses.webp?token=t',
            },
          ]),
    );
    const outline = await (await freshFetch())();
    expect(outline).toEqual({
      lessons,
      firstPosterUrl: `${window.location.origin}/storage/v1/object/sign/course/lessons/why-three-lenses.webp?token=t`,
    });
    const [read, sign] = requests;
    const url = new URL(read?.url ?? '');
    expect(url.searchParams.get('select')).toBe(
      'slug,title,summary,duration_seconds,order_index,poster_path,is_preview,speaks_to,video_path,captions_path,stream_path,streams',
    );
    expect(url.searchParams.get('order')).toBe('order_index.asc,slug.asc');
    expect(new URL(sign?.url ?? '').pathname).toBe('/storage/v1/object/sign/course');
    expect(await sign?.json()).toEqual({ expiresIn: 3600, paths: ['lessons/why-three-lenses.webp'] });
  });

  it('keeps the outline when the poster cannot be signed, and signs nothing without a poster', async () => {
    answerWith((request) =>
      isOutlineRead(request)
        ? Response.json(rows)
        : Response.json(
            { statusCode: '404', error: 'not_found', message: 'Object not found' },
            { status: 404 },
          ),
    );
    expect(await (await freshFetch())()).toEqual({ lessons, firstPosterUrl: null });
    expect(console.error).toHaveBeenCalled();

    answerWith(() => Response.json(rows.map((row) => ({ ...row, poster_path: null }))));
    expect(await (await freshFetch())()).toEqual({ lessons, firstPosterUrl: null });
    expect(requests).toHaveLength(1);
  });

  it("signs a free first lesson's video and captions with its poster, in the same request", async () => {
    const freeFirst = [
      {
        ...rows[0],
        is_preview: true,
        video_path: 'lessons/why-three-lenses.mp4',
        captions_path: 'lessons/why-three-lenses.vtt',
      },
      ...rows.slice(1),
    ];
    answerWith(async (request) => {
      if (isOutlineRead(request)) return Response.json(freeFirst);
      const { paths } = (await request.json()) as { paths: string[] };
      return Response.json(
        paths.map((path) => ({ error: null, path, signedURL: `/object/sign/course/${path}?token=t` })),
      );
    });
    await (
      await freshFetch()
    )();
    expect(requests).toHaveLength(2);
    expect(await requests[1]?.json()).toMatchObject({
      paths: [
        'lessons/why-three-lenses.webp',
        'lessons/why-three-lenses.mp4',
        'lessons/why-three-lenses.vtt',
      ],
    });
  });

  it("names a locked first lesson's files and signs only its poster: the rest are a learner's to sign", async () => {
    const lockedFirst = [
      {
        ...rows[0],
        video_path: 'lessons/why-three-lenses.mp4',
        captions_path: 'lessons/why-three-lenses.vtt',
      },
      ...rows.slice(1),
    ];
    answerWith(async (request) => {
      if (isOutlineRead(request)) return Response.json(lockedFirst);
      const { paths } = (await request.json()) as { paths: string[] };
      return Response.json(
        paths.map((path) => ({ error: null, path, signedURL: `/object/sign/course/${path}?token=t` })),
      );
    });
    const [first] = (await (await freshFetch())()).lessons;
    expect(first).toMatchObject({
      isPreview: false,
      files: {
        videoPath: 'lessons/why-three-lenses.mp4',
        captionsPath: 'lessons/why-three-lenses.vtt',
        posterPath: 'lessons/why-three-lenses.webp',
        streamPath: null,
      },
      preview: null,
    });
    expect(await requests[1]?.json()).toMatchObject({ paths: ['lessons/why-three-lenses.webp'] });
  });

  it('keeps the address of a copy the page already shows of the first poster, and signs the poster for the player', async () => {
    answerWith(async (request) => {
      if (isOutlineRead(request)) return Response.json(rows);
      const { paths } = (await request.json()) as { paths: string[] };
      return Response.json(
        paths.map((path) => ({ error: null, path, signedURL: `/object/sign/course/${path}?token=t` })),
      );
    });
    const fetchOutline = await freshFetch();
    const shown = { path: 'lessons/why-three-lenses.webp', url: '/assets/why-three-lenses-small.webp' };
    expect((await fetchOutline({ shown })).firstPosterUrl).toBe(shown.url);
    expect(await requests[1]?.json()).toMatchObject({ paths: ['lessons/why-three-lenses.webp'] });

    const another = { path: 'lessons/an-older-poster.webp', url: '/assets/an-older-poster-small.webp' };
    expect((await fetchOutline({ shown: another })).firstPosterUrl).toBe(
      `${window.location.origin}/storage/v1/object/sign/course/lessons/why-three-lenses.webp?token=t`,
    );
  });

  it('signs no poster for a page that shows none', async () => {
    answerWith(() => Response.json(rows));
    expect(await (await freshFetch())({ withPoster: false })).toEqual({ lessons, firstPosterUrl: null });
    expect(requests).toHaveLength(1);
  });

  it("gives a preview lesson its files to sign, and signs the first lesson's poster, not a preview's", async () => {
    const withPreview = [
      { ...rows[0], poster_path: null },
      {
        ...rows[1],
        is_preview: true,
        video_path: 'lessons/the-trends-lens.mp4',
        captions_path: null,
        poster_path: 'lessons/the-trends-lens.webp',
        stream_path: 'lessons/0123456789abcdef0123456789abcdef/master.m3u8',
      },
    ];
    answerWith(() => Response.json(withPreview));
    const outline = await (await freshFetch())();
    expect(outline.lessons.map(({ isPreview, preview }) => ({ isPreview, preview }))).toEqual([
      { isPreview: false, preview: null },
      {
        isPreview: true,
        preview: {
          videoPath: 'lessons/the-trends-lens.mp4',
          captionsPath: null,
          posterPath: 'lessons/the-trends-lens.webp',
          streamPath: 'lessons/0123456789abcdef0123456789abcdef/master.m3u8',
        },
      },
    ]);
    expect(outline.firstPosterUrl).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('rejects a refusal and a malformed row', async () => {
    answerWith(() => Response.json({ code: '42P01', message: 'relation does not exist' }, { status: 404 }));
    await expect((await freshFetch())()).rejects.toMatchObject({ code: '42P01' });
    answerWith(() => Response.json([{ ...rows[0], duration_seconds: '47' }]));
    await expect((await freshFetch())()).rejects.toThrow();
    answerWith(() => Response.json([{ ...rows[0], speaks_to: 'Burnout' }]));
    await expect((await freshFetch())()).rejects.toThrow();
  });
});
