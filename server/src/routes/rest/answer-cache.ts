// A short-lived, bounded cache of answers keyed by query: identical reads share one database round trip.

interface Entry<T> {
  answer: Promise<T>;
  /** The computed answer, once there is one: a fresh answer is handed out as is, without a promise. */
  settled?: { value: T };
  /** When the answer stops being served; Infinity while it is still being computed. */
  expiresAt: number;
}

export interface AnswerCacheOptions {
  /** How long a computed answer is served again. 0 shares only answers still being computed. */
  ttlMs: number;
  /** At most this many distinct queries are remembered; past that, new ones simply are not cached. */
  maxEntries: number;
  now?: () => number;
}

/**
 * Returns the cached answer itself while it is fresh, and a promise while it is being computed, so that a
 * caller answering from the cache can answer synchronously (decision 0057).
 */
export function answerCache<T>({ ttlMs, maxEntries, now = Date.now }: AnswerCacheOptions) {
  const entries = new Map<string, Entry<T>>();

  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };

  return (key: string, compute: () => Promise<T>): T | Promise<T> => {
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now()) return cached.settled ? cached.settled.value : cached.answer;
    if (cached) entries.delete(key);
    if (entries.size >= maxEntries) sweep();

    const answer = compute();
    if (entries.size >= maxEntries) return answer;
    const entry: Entry<T> = { answer, expiresAt: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
    answer.then(
      (value) => {
        entry.settled = { value };
        if (ttlMs > 0) entry.expiresAt = now() + ttlMs;
        else if (entries.get(key) === entry) entries.delete(key);
      },
      () => {
        // A failure is never served again: the next request asks the database afresh.
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return answer;
  };
}
