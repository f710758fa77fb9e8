import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createAnswerCache', () => {
  it('shares an answer still being computed, then serves it again until it expires', async () => {
    let clock = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    let computed = 0;
    const pending = deferred<string>();
    const compute = () => {
      computed += 1;
      return computed === 1 ? pending.promise : Promise.resolve(`answer ${computed}`);
    };
    const first = cache('q', compute);
    const second = cache('q', compute);
    pending.resolve('answer 1');
    expect(await Promise.all([first, second])).toEqual(['answer 1', 'answer 1']);
    clock = 999;
    expect(await cache('q', compute)).toBe('answer 1');
    clock = 1000;
    expect(await cache('q', compute)).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it('keeps different queries apart', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    expect(await cache('a', async () => 'A')).toBe('A');
    expect(await cache('b', async () => 'B')).toBe('B');
  });

  it('never serves a failure again', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache('q', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache('q', async () => 'up')).toBe('up');
  });

  it('with no lifetime, shares only answers still being computed', async () => {
    const cache = createAnswerCache<number>({ ttlMs: 0, maxEntries: 10 });
    let computed = 0;
    const compute = async () => (computed += 1);
    expect(await Promise.all([cache('q', compute), cache('q', compute)])).toEqual([1, 1]);
    expect(await cache('q', compute)).toBe(2);
  });

  it('remembers at most maxEntries queries, dropping the least recently used one first', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    let computed = 0;
    const compute = async () => `answer ${(computed += 1)}`;
    await cache('a', compute);
    await cache('b', compute);
    expect(await cache('a', compute)).toBe('answer 1');
    expect(await cache('c', compute)).toBe('answer 3');
    expect(await cache('a', compute)).toBe('answer 1');
    expect(await cache('b', compute)).toBe('answer 4');
  });

  it('keeps a query asked all the time through a burst of one-off queries', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 100, now: () => 0 });
    let carousel = 0;
    await cache('carousel', async () => `carousel ${(carousel += 1)}`);
    for (let junk = 0; junk < 1000; junk += 1) {
      await cache(`junk ${junk}`, async () => 'junk');
      if (junk % 50 === 0) await cache('carousel', async () => `carousel ${(carousel += 1)}`);
    }
    expect(await cache('carousel', async () => `carousel ${(carousel += 1)}`)).toBe('carousel 1');
  });
});
