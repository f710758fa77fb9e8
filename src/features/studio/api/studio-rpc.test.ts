// The real supabase-js client with the network replaced: the requests are what a browser sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '@/lib/zod';
import { studioRpc } from './studio-rpc';

class Refused extends Error {}

const requests: Request[] = [];

function answerWith(status: number, body: unknown) {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      requests.push(new Request(input, init));
      return Promise.resolve(Response.json(body, { status }));
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('studioRpc', () => {
  it('posts the named arguments to the function and returns its answer as the schema reads it', async () => {
    answerWith(200, { total: 2, extra: true });
    const answer = await studioRpc('studio_count', { search: 'ada' }, z.object({ total: z.number() }));
    expect(answer).toEqual({ total: 2 });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/rest/v1/rpc/studio_count');
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual({ search: 'ada' });
  });

  it('rejects an answer of another shape', async () => {
    answerWith(200, { total: 'two' });
    await expect(studioRpc('studio_count', undefined, z.object({ total: z.number() }))).rejects.toThrow();
  });

  it('keeps a refusal’s words in the section’s error; anything else names the function', async () => {
    answerWith(400, { code: 'P0001', message: 'Name must not be empty.' });
    const refused = studioRpc('studio_save', {}, z.unknown(), Refused);
    await expect(refused).rejects.toBeInstanceOf(Refused);
    await expect(refused).rejects.toThrow(/^Name must not be empty\.$/);

    answerWith(403, { code: '42501', message: "This is for the course's owner." });
    const denied = studioRpc('studio_save', {}, z.unknown(), Refused);
    await expect(denied).rejects.not.toBeInstanceOf(Refused);
    await expect(denied).rejects.toThrow("studio_save failed: This is for the course's owner.");
  });
});
