// What `signups erase` leaves behind, and how a restore keeps an erasure: the record of who was erased (a keyed
// hash, never the address), erasing again whoever a restored backup still holds, and compacting the tables so
// the deleted rows' bytes leave the database files.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Database, Sql } from '../server/src/db/index.ts';
import { createSignupsAdmin } from './signups-admin.ts';

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

export const erasureRecord = z.object({
  address_hash: z.string(),
  key_id: z.string(),
  erased_at: z.coerce.date(),
});
export type ErasureRecord = z.output<typeof erasureRecord>;

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

/** What `compactErasedTables` did, in the owner's words. */
export function describeCompaction({ compacted, notOwned, checkpointProblem }: Compaction): string {
  let text =
    compacted.length > 0
      ? `Compacted ${compacted.length} tables (VACUUM FULL): the erased rows are gone from their files. `
      : '';
  if (notOwned.length > 0)
    text += `Could not compact ${notOwned.join(', ')}: this connection does not own them, so the erased rows' bytes stay in their files until PostgreSQL reuses the space (run VACUUM FULL on them as their owner). `;
  text +=
    checkpointProblem === undefined
      ? 'Checkpointed: the write-ahead log moves on, and its files holding the erased rows are reused as it fills (docs/privacy-and-data.md).'
      : `Could not CHECKPOINT (${checkpointProblem}): PostgreSQL checkpoints on its own within minutes.`;
  return `${text}\n`;
}

/**
 * Erases again everyone whose rows the database holds from before their erasure, as `records` tell: for a
 * restore of a backup older than some erasures. A row made after the erasure is a new sign-up and stays.
 * Answers the addresses erased, and records every one of `records` the database lacks.
 */
export async function reapplyErasures(
  db: Database,
  records: readonly ErasureRecord[],
  hasher: ErasureHasher,
): Promise<string[]> {
  const erasedAt = new Map(
    records
      .filter((record) => record.key_id === hasher.keyId)
      .map((record) => [record.address_hash, record.erased_at]),
  );
  const people = await db.query<{ address: string; first_at: Date }>(
    `select lower(address) as address, min(at) as first_at from (
       select email as address, first_signed_up_at as at from public.signups
       union all select email, created_at from auth.users
       union all select recipient, created_at from public.email_outbox) as rows
     group by 1`,
  );
  const erased: string[] = [];
  for (const { address, first_at } of people) {
    const at = erasedAt.get(hasher.hash(address));
    if (at !== undefined && new Date(first_at).getTime() <= at.getTime()) {
      await createSignupsAdmin(db).erase({ email: address });
      erased.push(address);
    }
  }
  await db.query(
    `insert into public.erasures (address_hash, key_id, erased_at)
     select address_hash, key_id, erased_at from json_populate_recordset(null::public.erasures, $1::json)
     on conflict (address_hash) do nothing`,
    [JSON.stringify(records)],
  );
  return erased;
}
