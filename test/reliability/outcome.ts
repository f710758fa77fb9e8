/** Reads what a run left behind (rows, outbox, mailbox) and compares it with what the server acknowledged. */
import path from 'node:path';
import pg from 'pg';
import { openPgliteDatabase } from '../../server/src/db/pglite-database.ts';
import { tally } from './harness.ts';

export interface StoredState {
  signups: string[];
  outbox: Array<{ recipient: string; status: string; attempts: number }>;
}

const SIGNUPS = 'select email from public.signups';
const OUTBOX = 'select recipient, status, attempts from public.email_outbox';

/** Opens the PGlite database a stopped server left in `dataDir` (it must open cleanly) and reads it. */
export async function readPglite(dataDir: string): Promise<StoredState> {
  const db = await openPgliteDatabase(path.join(dataDir, 'pglite'));
  try {
    return {
      signups: (await db.query<{ email: string }>(SIGNUPS)).map((row) => row.email),
      outbox: await db.query(OUTBOX),
    };
  } finally {
    await db.close();
  }
}

export async function readPostgres(url: string): Promise<StoredState> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return {
      signups: (await client.query<{ email: string }>(SIGNUPS)).rows.map((row) => row.email),
      outbox: (await client.query<StoredState['outbox'][number]>(OUTBOX)).rows,
    };
  } finally {
    await client.end();
  }
}

/**
 * Acknowledged: answered 200. Stored: acknowledged and in `signups`. Lost: acknowledged but not stored, or
 * stored but never delivered. Duplicates: deliveries beyond the first to one address.
 */
export function compare(acknowledged: readonly string[], state: StoredState, deliveredTo: readonly string[]) {
  const rows = tally(state.signups);
  const deliveries = tally(deliveredTo);
  const stored = acknowledged.filter((email) => rows.has(email)).length;
  const notDelivered = acknowledged.filter((email) => !deliveries.has(email));
  const duplicates = [...deliveries.values()].reduce((sum, n) => sum + n - 1, 0);
  return {
    stored,
    delivered: deliveries.size,
    duplicates,
    lost: acknowledged.length - stored + notDelivered.filter((email) => rows.has(email)).length,
    notDelivered,
    duplicateRows: [...rows.values()].filter((n) => n > 1).length,
    stuck: state.outbox.filter((row) => row.status !== 'sent'),
  };
}
