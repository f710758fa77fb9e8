import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendUnsubscribe } from './send-unsubscribe';

afterEach(() => vi.unstubAllGlobals());

describe('sendUnsubscribe', () => {
  it('posts the token to the send-email function’s unsubscribe endpoint, and rejects on an error status', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await sendUnsubscribe('abc.def.ghi');
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    if (input === undefined) throw new Error('nothing was sent');
    const request = new Request(input, init);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/functions/v1/send-email/unsubscribe');
    expect(await request.json()).toEqual({ token: 'abc.def.ghi' });

    fetchMock.mockImplementation(async () => Response.json({ error: 'down' }, { status: 500 }));
    await expect(sendUnsubscribe('abc.def.ghi')).rejects.toThrow();
  });
});
