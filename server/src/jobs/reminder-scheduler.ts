import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { Sql } from '../db/database.ts';
import { startPeriodicPass } from './periodic-pass.ts';

/**
 * Queues the reminders due at `at` (public.queue_pause_reminders, the same function pg_cron calls on hosted
 * Supabase) and answers how many. Any number of servers may call it at once: each reminder is queued once.
 */
export async function queuePauseReminders(db: Sql, at: Date = new Date()): Promise<number> {
  const [row] = await db.query<{ queued: number }>('select public.queue_pause_reminders($1) as queued', [at]);
  return row?.queued ?? 0;
}

/**
 * The embedded server's reminder clock: one pass at start and one per interval; what it queues goes out with
 * the outbox's next pass (`onQueued` wakes it). `stop` waits for a pass in flight.
 */
export function startReminderScheduler(
  db: Sql,
  log: Log,
  options: { intervalSeconds: number; onQueued: () => void },
): { stop(): Promise<void> } {
  const pass = () =>
    queuePauseReminders(db).then(
      (queued) => {
        if (queued === 0) return;
        log.info({ event: 'reminders.queued', count: queued });
        options.onQueued();
      },
      (error: unknown) =>
        log.error({
          event: 'reminders.queue_failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  return startPeriodicPass(pass, options.intervalSeconds);
}
