// An erasure's parts outside its rows: the keyed hash record of who was erased (never the address), compacting
// the erased tables so the deleted rows' bytes leave the database files, and finishing what the studio erased (its
// SQL function can delete rows, but has neither the key nor the file mailbox). The owner's tool uses the same.
import { createHmac } from 'node:crypto';
import type { Database, Sql } from './database.ts';

/** Makes an erasure record's hash of an address under one key, and names that key. */
export interface ErasureHasher {
  hash(address: string): string;
  keyId: string;
}

/** HMAC-SHA256 under the log-hash key, kept apart from the log tokens made with the same key. */
export function erasureHasher(key: string): ErasureHasher {
  const hmac = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  return {
    hash: (address) => hmac(`erased:${address.toLowerCase()}`),
    keyId: hmac('erasures-key-id').slice(0, 12),
  };
}

/** The tables an erase deletes from (directly, or by their foreign keys' cascade). */
const ERASED_TABLES = [
  'public.signups',
  'public.email_outbox',
  'auth.users',
  'auth.sessions',
  'auth.refresh_tokens',
  'auth.one_time_tokens',
  'public.lesson_progress',
  'public.course_feedback',
  'public.reminder_consents',
  'public.announcement_consents',
  'public.erasures_to_finish',
  'public.learner_address_changes',
];

export interface Compaction {
  /** Tables rewritten by VACUUM FULL: the deleted rows' bytes are gone from their files. */
  compacted: string[];
  /** Tables this connection may not vacuum (not their owner): their space is reused by PostgreSQL in time. */
  notOwned: string[];
  /** Why CHECKPOINT failed (on PostgreSQL it takes a superuser or pg_checkpoint), when it did. */
  checkpointProblem?: string;
}

/**
 * VACUUM FULL rewrites each table and its indexes into new files, since a plain VACUUM only marks the space of
 * deleted rows free and leaves their bytes in place; CHECKPOINT then lets the write-ahead log move on. It holds
 * each table locked for the moment it takes, which for these tables is short.
 */
export async function compactErasedTables(db: Sql): Promise<Compaction> {
  const tables = await db.query<{ name: string; mine: boolean }>(
    `select t.name,
            coalesce((select rolsuper from pg_roles where rolname = current_user), false)
              or pg_has_role(current_user, c.relowner, 'MEMBER') as mine
       from unnest($1::text[]) with ordinality as t(name, position)
       join pg_class c on c.oid = to_regclass(t.name)
      order by t.position`,
    [ERASED_TABLES],
  );
  const compacted = tables.filter((table) => table.mine).map((table) => table.name);
  if (compacted.length > 0) await db.query(`vacuum full ${compacted.join(', ')}`);
  let checkpointProblem: string | undefined;
  try {
    await db.query('checkpoint');
  } catch (error) {
    checkpointProblem = error instanceof Error ? error.message : String(error);
  }
  return {
    compacted,
    notOwned: tables.filter((table) => !table.mine).map((table) => table.name),
    checkpointProblem,
  };
}

/** What `finishErasures` did: how many erasures it finished, and the .eml files it deleted for them. */
interface FinishedErasures {
  finished: number;
  files: number;
  compaction?: Compaction;
}

/**
 * Finishes each erasure the studio left in `erasures_to_finish`: records its keyed hash (when there is a key),
 * deletes the address's .eml files, deletes the note; then compacts the tables once, so neither the erased rows
 * nor the note's address stay in the database files.
 */
export async function finishErasures(
  db: Database,
  { hasher, eraseMail }: { hasher: ErasureHasher | undefined; eraseMail(address: string): Promise<number> },
): Promise<FinishedErasures> {
  const waiting = await db.query<{ address: string }>(
    'select address from public.erasures_to_finish order by requested_at',
  );
  let files = 0;
  for (const { address } of waiting) {
    files += await eraseMail(address);
    await db.transaction(async (tx) => {
      if (hasher) {
        await tx.query(
          `insert into public.erasures (address_hash, key_id) values ($1, $2)
           on conflict (address_hash) do update set key_id = excluded.key_id, erased_at = now()`,
          [hasher.hash(address), hasher.keyId],
        );
      }
      await tx.query('delete from public.erasures_to_finish where address = $1', [address]);
    });
  }
  if (waiting.length === 0) return { finished: 0, files };
  return { finished: waiting.length, files, compaction: await compactErasedTables(db) };
}
