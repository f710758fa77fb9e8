// A short-lived, bounded cache of answers keyed by query: identical reads share one database round trip.

interface Entry<T> {
  answer: Promise<T>;
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

export type AnswerCache<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

export function createAnswerCache<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: AnswerCacheOptions): AnswerCache<T> {
  const entries = new Map<string, Entry<T>>();

  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };

  return (key, compute) => {
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now()) return cached.answer;
    if (cached) entries.delete(key);
    if (entries.size >= maxEntries) sweep();

    const answer = compute();
    if (entries.size >= maxEntries) return answer;
    const entry: Entry<T> = { answer, expiresAt: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
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
