import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendFailureOf, sendSignupEmail } from './send-signup-email';

/** The real supabase-js client, with the network replaced: what goes out is exactly what a browser sends. */
function answerWith(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof answerWith>): Request {
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  if (input === undefined) throw new Error('nothing was sent');
  return new Request(input, init);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendSignupEmail', () => {
  it('posts exactly {name, email} to the send-email function', async () => {
    const fetchMock = answerWith(() => Response.json({ ok: true }));
    await sendSignupEmail({ name: 'Ada', email: 'ada@example.com' });
    const request = sentRequest(fetchMock);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/functions/v1/send-email');
    expect(await request.json()).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('sends no other field even when handed one', async () => {
    const fetchMock = answerWith(() => Response.json({ ok: true }));
    const contact = { name: 'Ada', email: 'ada@example.com', dream: 'Astronaut' };
    await sendSignupEmail(contact);
    expect(await sentRequest(fetchMock).json()).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('rejects when the function answers with an error status', async () => {
    answerWith(() => Response.json({ error: 'Something went wrong' }, { status: 500 }));
    await expect(sendSignupEmail({ name: 'Ada', email: 'ada@example.com' })).rejects.toThrow();
  });

  it('rejects when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(sendSignupEmail({ name: 'Ada', email: 'ada@example.com' })).rejects.toThrow();
  });

  it.each([
    [400, 'address-rejected'],
    [429, 'rate-limited'],
    [500, 'send-failed'],
    [502, 'send-failed'],
  ] as const)('a rejection after status %i is a %s failure', async (status, failure) => {
    answerWith(() => Response.json({ error: 'whatever the server says' }, { status }));
    const error: unknown = await sendSignupEmail({ name: 'Ada', email: 'ada@example.com' }).catch(
      (rejection: unknown) => rejection,
    );
    expect(sendFailureOf(error)).toBe(failure);
  });

  it('a network failure or anything without an answer is a send-failed failure', () => {
    expect(sendFailureOf(new TypeError('Failed to fetch'))).toBe('send-failed');
    expect(sendFailureOf(undefined)).toBe('send-failed');
    expect(sendFailureOf({ context: 'not a response' })).toBe('send-failed');
  });
});
