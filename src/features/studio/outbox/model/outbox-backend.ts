/** A course e-mail the outbox gave up on, with the last reason the provider or the server gave. */
export interface DeadEmail {
  id: number;
  recipient: string;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** The outbox as the studio shows it: every status's count, what waits longest, pauses, the failed e-mails. */
export interface OutboxStatus {
  counts: { status: string; count: number }[];
  oldestDue: Date | null;
  paused: { provider: string; until: Date; reason: string | null }[];
  /** Newest first. */
  dead: DeadEmail[];
}

/** A refusal with words for the owner (the database's own), as opposed to a failure to reach the server. */
export class OutboxRefusal extends Error {}

/**
 * Everything the Outbox section asks of its back end. The real one speaks supabase-js
 * (api/supabase-outbox-backend.ts); tests hand the components their own. Failures reject.
 */
export interface OutboxBackend {
  status(): Promise<OutboxStatus>;
  /** Puts one failed e-mail back in the queue, due now, with fresh attempts. */
  retry(id: number): Promise<void>;
}
