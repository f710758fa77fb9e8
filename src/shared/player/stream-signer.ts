// Signed addresses for the files of a lesson's adaptive stream, asked for in batches and renewed before they end.

/** Signs paths of the bucket `course` in one request; a path it cannot sign is left out of the answer. */
export type SignMany = (paths: readonly string[]) => Promise<Map<string, string>>;

/** A signed address is asked for again this long after it was made, well inside its hour. */
const RENEW_AFTER_MS = 45 * 60 * 1000;
/** Storage signs at most this many paths in one request. */
const BATCH = 100;
const SIGNED_PREFIX = '/object/sign/course/';

/**
 * The bucket path a signed address of the bucket `course` names, with or without its token; a playlist's
 * relative addresses resolve against the signed address it came from, so its files arrive as such.
 */
export function pathInCourseBucket(address: string): string {
  const { pathname } = new URL(address);
  const at = pathname.indexOf(SIGNED_PREFIX);
  if (at === -1) throw new Error(`Course: ${address} is not a file of the course bucket.`);
  return decodeURIComponent(pathname.slice(at + SIGNED_PREFIX.length));
}

/**
 * Signs a stream's files: `prepare` signs a playlist's files together before the player asks for them, and
 * `address` answers one from those batches, signing it alone only when no batch holds it.
 */
export function createStreamSigner(signMany: SignMany, now: () => number = Date.now) {
  const signed = new Map<string, { address: Promise<string>; at: number }>();

  function prepare(paths: readonly string[]) {
    const at = now();
    const stale = [...new Set(paths)].filter((path) => {
      const entry = signed.get(path);
      return entry === undefined || at - entry.at > RENEW_AFTER_MS;
    });
    for (let start = 0; start < stale.length; start += BATCH) {
      const batch = stale.slice(start, start + BATCH);
      const answer = signMany(batch);
      for (const path of batch) {
        const address = answer.then((addresses) => {
          const found = addresses.get(path);
          if (found === undefined) throw new Error(`Course: ${path} could not be signed.`);
          return found;
        });
        // A failed signing is asked for again next time, not remembered (unless a newer one took its place).
        address.catch(() => {
          if (signed.get(path)?.address === address) signed.delete(path);
        });
        signed.set(path, { address, at });
      }
    }
  }

  function address(path: string): Promise<string> {
    prepare([path]);
    const entry = signed.get(path);
    if (entry === undefined) throw new Error(`Course: ${path} was not signed.`);
    return entry.address;
  }

  return { prepare, address };
}
