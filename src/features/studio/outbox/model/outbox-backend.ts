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

/** One e-mail on record, whatever became of it. */
export interface RecordedEmail {
  id: number;
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  lastError: string | null;
  /** The transport that last took it: `file`, `smtp`, `resend`. */
  provider: string | null;
  /** That transport's id for it (for the file mailbox, the file); none for one sent by a request whose answer was lost. */
  providerId: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The newest e-mails on record whose address matched, and how many matched in all. */
export interface RecordedEmails {
  total: number;
  /** Newest first, by the time sent, else queued; at most 100. */
  emails: RecordedEmail[];
}

/** A refusal with words for the owner (the database's own), as opposed to a failure to reach the server. */
export class OutboxRefusal extends Error {}

/**
 * Everything the Outbox section asks of its back end. The real one speaks supabase-js
 * (api/supabase-outbox-backend.ts); tests hand the components their own. Failures reject.
 */
export interface OutboxBackend {
  status(): Promise<OutboxStatus>;
  /** Every e-mail on record whose address holds `search` (every one when it is empty). */
  emails(search: string): Promise<RecordedEmails>;
  /** Puts one failed e-mail back in the queue, due now, with fresh attempts. */
  retry(id: number): Promise<void>;
}
