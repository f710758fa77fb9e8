// A short-lived, bounded cache of answers keyed by query: identical reads share one database round trip.

interface Entry<T> {
  answer: Promise<T>;
  /** When the answer stops being served; Infinity while it is still being computed. */
  expiresAt: number;
}

export interface AnswerCacheOptions {
  /** How long a computed answer is served again. 0 shares only answers still being computed. */
  ttlMs: number;
  /** At most this many distinct queries are remembered; past that, the least recently used one goes. */
  maxEntries: number;
  now?: () => number;
}

export type AnswerCache<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * Least recently used first out (a Map keeps insertion order; a hit moves its key to the end), so a burst of
 * one-off queries pushes out other one-off queries and never keeps a busy one, such as the carousel's, out.
 */
export function createAnswerCache<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: AnswerCacheOptions): AnswerCache<T> {
  const entries = new Map<string, Entry<T>>();

  return (key, compute) => {
    const cached = entries.get(key);
    entries.delete(key);
    if (cached && cached.expiresAt > now()) {
      entries.set(key, cached);
      return cached.answer;
    }

    const answer = compute();
    const entry: Entry<T> = { answer, expiresAt: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    answer.then(
      () => {
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
