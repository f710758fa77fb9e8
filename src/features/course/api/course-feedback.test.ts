import { describe, expect, it, vi } from 'vitest';
import { answerWith, requests, withFakeNetwork } from '@/lib/fake-network';

const postgrestError = (status: number, code: string, message: string) =>
  Response.json({ code, message, details: null, hint: null }, { status });

const freshApi = async () => {
  vi.resetModules();
  return import('./course-feedback');
};

withFakeNetwork();

describe('sendFeedback', () => {
  it('inserts one row for the learner, the comment trimmed, asking for nothing back', async () => {
    answerWith(() => new Response(null, { status: 201 }));
    const { sendFeedback } = await freshApi();
    expect(await sendFeedback({ learnerId: 'user-1', rating: 4, comment: '  Clear.\n' })).toBe('saved');
    const [request] = requests;
    expect(request?.method).toBe('POST');
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe('/rest/v1/course_feedback');
    expect(url.search).toBe('');
    expect(request?.headers.get('prefer')).toBeNull();
    expect(await request?.json()).toEqual({ user_id: 'user-1', rating: 4, comment: 'Clear.' });
  });

  it('sends an empty or blank comment as none', async () => {
    answerWith(() => new Response(null, { status: 201 }));
    const { sendFeedback } = await freshApi();
    await sendFeedback({ learnerId: 'user-1', rating: 1, comment: '  \n ' });
    expect(await requests[0]?.json()).toEqual({ user_id: 'user-1', rating: 1, comment: null });
  });

  it("answers PostgREST's duplicate key with already-sent", async () => {
    answerWith(() =>
      postgrestError(409, '23505', 'duplicate key value violates unique constraint "course_feedback_pkey"'),
    );
    const { sendFeedback } = await freshApi();
    expect(await sendFeedback({ learnerId: 'user-1', rating: 4, comment: '' })).toBe('already-sent');
  });

  it('answers any other refusal, a server failure or no network with failed', async () => {
    const { sendFeedback } = await freshApi();
    const input = { learnerId: 'user-1', rating: 4, comment: '' };
    answerWith(() => postgrestError(403, '42501', 'new row violates row-level security policy'));
    expect(await sendFeedback(input)).toBe('failed');
    answerWith(() => Response.json({ message: 'boom' }, { status: 500 }));
    expect(await sendFeedback(input)).toBe('failed');
    answerWith(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendFeedback(input)).toBe('failed');
  });

  it.each([
    ['a rating of 0', { rating: 0, comment: '' }],
    ['a rating of 6', { rating: 6, comment: '' }],
    ['a rating of 2.5', { rating: 2.5, comment: '' }],
    ['a comment over 2,000 characters', { rating: 3, comment: 'x'.repeat(2001) }],
  ])('throws for %s, sending nothing', async (_label, answer) => {
    answerWith(() => new Response(null, { status: 201 }));
    const { sendFeedback } = await freshApi();
    await expect(sendFeedback({ learnerId: 'user-1', ...answer })).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });
});

describe('loadOwnFeedback', () => {
  it('reads the learner’s own row (row-level security keeps it to theirs), or null before they answer', async () => {
    answerWith(() => Response.json([{ rating: 5, comment: null }]));
    const { loadOwnFeedback } = await freshApi();
    expect(await loadOwnFeedback()).toEqual({ rating: 5, comment: null });
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/rest/v1/course_feedback');
    expect(url.searchParams.get('select')).toBe('rating,comment');
    answerWith(() => Response.json([]));
    expect(await loadOwnFeedback()).toBeNull();
  });

  it('rejects when the answer cannot be read, or is not an answer', async () => {
    const { loadOwnFeedback } = await freshApi();
    answerWith(() => Response.json({ message: 'boom' }, { status: 500 }));
    await expect(loadOwnFeedback()).rejects.toThrow(/Reading your answer failed/);
    answerWith(() => Response.json([{ rating: 9, comment: null }]));
    await expect(loadOwnFeedback()).rejects.toThrow();
  });
});
