import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limit.ts';

describe('SlidingWindowLimiter', () => {
  it('allows the limit within the window, refuses the next with the seconds until a slot frees', () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowSeconds: 60 });
    const start = 1_000_000;
    expect(limiter.hit('a', start).allowed).toBe(true);
    expect(limiter.hit('a', start + 10_000).allowed).toBe(true);
    expect(limiter.hit('a', start + 20_000).allowed).toBe(true);
    expect(limiter.hit('a', start + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.hit('b', start + 30_000).allowed).toBe(true);
    expect(limiter.hit('a', start + 60_001).allowed).toBe(true);
  });

  it('refuses a key hit once until its window has passed, then counts its new hits', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowSeconds: 60 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('a', 60_000).allowed).toBe(true);
    expect(limiter.hit('a', 61_000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it('forgets keys whose window has passed and never tracks more than maxKeys', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowSeconds: 1 }, 2);
    limiter.hit('a', 0);
    limiter.hit('b', 0);
    limiter.hit('c', 0);
    expect(limiter.hit('a', 10).allowed).toBe(true);
    expect(limiter.hit('c', 10).allowed).toBe(false);
  });
});
