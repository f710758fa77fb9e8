/** The Outbox section's back end: the database's studio_outbox and studio_retry_email. */
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import { type OutboxBackend, OutboxRefusal } from '../model/outbox-backend';

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

export const supabaseOutboxBackend: OutboxBackend = {
  async status() {
    const status = await studioRpc('studio_outbox', undefined, outboxStatus, OutboxRefusal);
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
    await studioRpc('studio_retry_email', { id }, z.unknown(), OutboxRefusal);
  },
};
