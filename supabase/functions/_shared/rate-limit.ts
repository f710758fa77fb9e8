/** In-memory sliding-window limits (per client IP, per e-mail address), checked before any database work. */

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts hits per key in the last `windowSeconds` and refuses the (limit + 1)-th. Memory stays bounded:
 * keys whose window has passed are swept, and at most `maxKeys` are tracked (the oldest are dropped first).
 * Each process (or edge isolate) counts on its own; that is a brake on abuse, not an accounting system.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly maxKeys = 100_000,
  ) {}

  hit(key: string, now = Date.now()): RateDecision {
    const windowMs = this.rule.windowSeconds * 1000;
    if (now - this.lastSweep > windowMs) this.sweep(now - windowMs, now);
    // The key's hits still in the window, oldest first; a refusal is not counted as a hit.
    const times = (this.hits.get(key) ?? []).filter((time) => time > now - windowMs);
    if (times.length >= this.rule.limit) {
      const oldest = times[0] ?? now;
      this.remember(key, times);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    times.push(now);
    this.remember(key, times);
    return { allowed: true };
  }

  /** Moves `key` to the newest end and drops the oldest key past `maxKeys`. */
  private remember(key: string, times: number[]) {
    this.hits.delete(key);
    this.hits.set(key, times);
    if (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (!first.done) this.hits.delete(first.value);
    }
  }

  private sweep(before: number, now: number) {
    this.lastSweep = now;
    for (const [key, times] of this.hits) if ((times.at(-1) ?? 0) <= before) this.hits.delete(key);
  }
}
