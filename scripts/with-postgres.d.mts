/** Starts a throwaway PostgreSQL cluster on a free loopback port; `stop()` stops and deletes it. */
export function startPostgres(): Promise<{ url: string; stop(): void }>;
