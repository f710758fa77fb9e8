import { describe, expect, it, vi } from 'vitest';
import { createStreamSigner, pathInCourseBucket, type SignMany } from './stream-signer';

const signedAs = (token: string): SignMany =>
  vi.fn(async (paths: readonly string[]) => new Map(paths.map((path) => [path, `${path}?token=${token}`])));

describe('pathInCourseBucket', () => {
  it('reads the path from a signed address, with its token or resolved from a playlist without it', () => {
    expect(
      pathInCourseBucket(
        'https://lenses.example/storage/v1/object/sign/course/lessons/ab/master.m3u8?token=x',
      ),
    ).toBe('lessons/ab/master.m3u8');
    expect(
      pathInCourseBucket('https://x.supabase.co/storage/v1/object/sign/course/lessons/ab/360p/a%20b.m4s'),
    ).toBe('lessons/ab/360p/a b.m4s');
  });

  it('refuses an address outside the course bucket', () => {
    expect(() => pathInCourseBucket('https://lenses.example/storage/v1/object/sign/guides/a.png')).toThrow(
      /not a file of the course bucket/,
    );
  });
});

describe('createStreamSigner', () => {
  it("signs a playlist's files in one request, in batches of 100, and answers from them", async () => {
    const signMany = signedAs('t');
    const signer = createStreamSigner(signMany);
    const segments = Array.from({ length: 150 }, (_, index) => `lessons/ab/360p/segment-${index}.m4s`);
    signer.prepare(segments);
    expect(signMany).toHaveBeenCalledTimes(2);
    expect(vi.mocked(signMany).mock.calls.map(([paths]) => paths.length)).toEqual([100, 50]);
    expect(await signer.address('lessons/ab/360p/segment-120.m4s')).toBe(
      'lessons/ab/360p/segment-120.m4s?token=t',
    );
    expect(signMany).toHaveBeenCalledTimes(2);
  });

  it('signs a file no batch holds on its own, and signs again what is 45 minutes old', async () => {
    let now = 0;
    const signMany = signedAs('t');
    const signer = createStreamSigner(signMany, () => now);
    expect(await signer.address('lessons/ab/master.m3u8')).toBe('lessons/ab/master.m3u8?token=t');
    now = 44 * 60 * 1000;
    await signer.address('lessons/ab/master.m3u8');
    expect(signMany).toHaveBeenCalledTimes(1);
    now = 46 * 60 * 1000;
    await signer.address('lessons/ab/master.m3u8');
    expect(signMany).toHaveBeenCalledTimes(2);
  });

  it('rejects a file Storage would not sign, and asks again next time', async () => {
    const signMany = vi.fn<SignMany>(async () => new Map());
    const signer = createStreamSigner(signMany);
    await expect(signer.address('lessons/ab/master.m3u8')).rejects.toThrow(/could not be signed/);
    await expect(signer.address('lessons/ab/master.m3u8')).rejects.toThrow(/could not be signed/);
    expect(signMany).toHaveBeenCalledTimes(2);
  });
});
