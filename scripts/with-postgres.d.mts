/** Starts a throwaway PostgreSQL cluster on a free loopback port; `stop()` stops and deletes it. */
export function startPostgres(): Promise<{ url: string; stop(): void }>;

/**
 * Creates a database `<prefix>_<random>` on the cluster at `serverUrl`, a copy of `template` when one is named,
 * and returns its name, its address, and `drop()`, which removes it with any sessions still on it.
 */
export function createDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }>;
