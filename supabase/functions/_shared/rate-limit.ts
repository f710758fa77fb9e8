/** In-memory sliding-window limit per client IP, checked before any database work. */

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One key's hits in time order; `first` is the oldest one still in the window (older ones are dropped lazily). */
interface Hits {
  times: number[];
  first: number;
}

/**
 * Counts hits per key in the last `windowSeconds` and refuses the (limit + 1)-th. Memory stays bounded:
 * keys whose window has passed are swept, and at most `maxKeys` are tracked (the oldest are dropped first).
 * Each process (or edge isolate) counts on its own; that is a brake on abuse, not an accounting system.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, Hits>();
  private lastSweep = 0;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly maxKeys = 100_000,
  ) {}

  /**
   * Amortised O(1) per hit, however high the limit: expired hits leave from the front of the key's list
   * instead of the whole list being copied on every hit.
   */
  hit(key: string, now = Date.now()): RateDecision {
    const windowMs = this.rule.windowSeconds * 1000;
    if (now - this.lastSweep > windowMs) this.sweep(now - windowMs, now);
    const hits = this.hits.get(key) ?? { times: [], first: 0 };
    const { times } = hits;
    while (hits.first < times.length && (times[hits.first] ?? 0) <= now - windowMs) hits.first += 1;
    if (hits.first > 64 && hits.first * 2 > times.length) {
      times.splice(0, hits.first);
      hits.first = 0;
    }
    if (times.length - hits.first >= this.rule.limit) {
      const oldest = times[hits.first] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    times.push(now);
    this.remember(key, hits);
    return { allowed: true };
  }

  /** Moves `key` to the newest end and drops the oldest key past `maxKeys`. */
  private remember(key: string, hits: Hits) {
    this.hits.delete(key);
    this.hits.set(key, hits);
    if (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (!first.done) this.hits.delete(first.value);
    }
  }

  private sweep(before: number, now: number) {
    this.lastSweep = now;
    for (const [key, { times }] of this.hits) if ((times.at(-1) ?? 0) <= before) this.hits.delete(key);
  }
}
