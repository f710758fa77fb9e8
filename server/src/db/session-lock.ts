/**
 * PGlite is one Postgres session. Whoever holds this lock has that session to itself: the server for one query
 * or one transaction, a client of the Postgres socket for as long as it is inside a transaction.
 * First come, first served.
 */
export interface SessionLock {
  /** Resolves once the lock is yours, with the function that gives it back (calling it twice is harmless). */
  acquire(): Promise<() => void>;
}

export function createSessionLock(): SessionLock {
  let last: Promise<void> = Promise.resolve();
  return {
    acquire() {
      const previous = last;
      let release = () => {};
      last = new Promise<void>((resolve) => (release = resolve));
      return previous.then(() => release);
    },
  };
}

export async function withSessionLock<T>(lock: SessionLock, work: () => Promise<T>): Promise<T> {
  const release = await lock.acquire();
  try {
    return await work();
  } finally {
    release();
  }
}
