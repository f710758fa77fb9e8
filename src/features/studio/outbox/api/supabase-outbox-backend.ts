/** The Outbox section's back end: the database's studio_outbox, studio_outbox_emails and studio_retry_email. */
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

const emailRecord = z.object({
  total: z.number(),
  emails: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      recipient: z.string(),
      status: z.string(),
      attempts: z.number(),
      last_error: z.nullable(z.string()),
      provider: z.nullable(z.string()),
      provider_id: z.nullable(z.string()),
      created_at: z.coerce.date(),
      sent_at: z.nullable(z.coerce.date()),
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
  async emails(search) {
    const record = await studioRpc('studio_outbox_emails', { search }, emailRecord, OutboxRefusal);
    return {
      total: record.total,
      emails: record.emails.map((row) => ({
        id: row.id,
        kind: row.kind,
        recipient: row.recipient,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        provider: row.provider,
        providerId: row.provider_id,
        createdAt: row.created_at,
        sentAt: row.sent_at,
      })),
    };
  },
  async retry(id) {
    await studioRpc('studio_retry_email', { id }, z.unknown(), OutboxRefusal);
  },
};
