// What `signups erase` leaves behind, and how a restore keeps an erasure: the record of who was erased (a keyed
// hash, never the address), erasing again whoever a restored backup still holds, and compacting the tables so
// the deleted rows' bytes leave the database files.
import { z } from 'zod';
import { type Compaction, type Database, type ErasureHasher } from '../server/src/db/index.ts';
import { createSignupsAdmin } from './signups-admin.ts';

// The server finishes the studio's erasures with the same hash and compaction (server/src/db/erasures.ts).
export {
  compactErasedTables,
  type Compaction,
  type ErasureHasher,
  erasureHasher,
} from '../server/src/db/index.ts';

export const erasureRecord = z.object({
  address_hash: z.string(),
  key_id: z.string(),
  erased_at: z.coerce.date(),
});
export type ErasureRecord = z.output<typeof erasureRecord>;

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
