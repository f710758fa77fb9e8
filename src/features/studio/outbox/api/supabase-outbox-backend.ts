/** The Outbox section's back end: the database's studio_outbox and studio_retry_email. */
import { z } from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { type OutboxBackend, OutboxRefusal } from '../model/outbox-backend';

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval.
z.config({ jitless: true });

const outboxStatus = z.object({
  counts: z.array(z.object({ status: z.string(), count: z.number() })),
  oldest_due: z.nullable(z.coerce.date()),
  paused: z.array(z.object({ provider: z.string(), until: z.coerce.date(), reason: z.nullable(z.string()) })),
  dead: z.array(
    z.object({
      id: z.number(),
      recipient: z.string(),
      kind: z.string(),
      attempts: z.number(),
      last_error: z.nullable(z.string()),
      created_at: z.coerce.date(),
    }),
  ),
});

/** A plain exception in the function (P0001) carries words for the owner; anything else is a failure to reach it. */
function failure(error: { code?: string; message: string }): Error {
  return error.code === 'P0001' ? new OutboxRefusal(error.message) : new Error(error.message);
}

export const supabaseOutboxBackend: OutboxBackend = {
  async status() {
    const supabase = await getSupabase();
    const { data, error } = await supabase.rpc('studio_outbox');
    if (error) throw failure(error);
    const status = outboxStatus.parse(data);
    return {
      counts: status.counts,
      oldestDue: status.oldest_due,
      paused: status.paused,
      dead: status.dead.map((row) => ({
        id: row.id,
        recipient: row.recipient,
        kind: row.kind,
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: row.created_at,
      })),
    };
  },
  async retry(id) {
    const supabase = await getSupabase();
    const { error } = await supabase.rpc('studio_retry_email', { id });
    if (error) throw failure(error);
  },
};
