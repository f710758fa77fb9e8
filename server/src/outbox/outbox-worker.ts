import { deliverDue } from '../../../supabase/functions/_shared/outbox.ts';
import type { DeliveryContext } from '../../../supabase/functions/_shared/outbox-rows.ts';
import type { Sql } from '../db/database.ts';

export interface OutboxWorker {
  /** Looks for due rows now (after a sign-up commits) instead of at the next poll. */
  wake(): void;
  /** Stops claiming, lets the send in flight finish and be recorded, then closes the transport. */
  stop(): Promise<void>;
}

/**
 * The embedded server's delivery loop: one pass at start, one per poll interval (retries come due), and one
 * whenever a sign-up is queued. Passes never overlap in one process; across processes SKIP LOCKED and the
 * lease keep every row with one sender.
 */
export function startOutboxWorker(context: DeliveryContext, options: { pollSeconds: number }): OutboxWorker {
  let stopping = false;
  let current: Promise<void> | undefined;
  let again = false;

  const run = () => {
    if (stopping) return;
    if (current) {
      again = true;
      return;
    }
    current = deliverDue(context, () => stopping)
      .then(
        () => undefined,
        (error: unknown) =>
          context.log.error({
            event: 'outbox.pass_failed',
            message: error instanceof Error ? error.message : String(error),
          }),
      )
      .finally(() => {
        current = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };

  const timer = setInterval(run, options.pollSeconds * 1000);
  timer.unref();
  run();

  return {
    wake: run,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await current;
      await context.transport.close?.();
    },
  };
}

/**
 * For a database only this process can open (PGlite): a row still 'sending' at start was claimed by a previous
 * run that was killed mid-send, so it is due now instead of when its five-minute lease runs out. Its attempt
 * stays counted. Never call this on a shared PostgreSQL, where another server may be sending that row.
 */
export async function releaseClaimsOfDeadRun(db: Sql): Promise<number> {
  const rows = await db.query(
    `update public.email_outbox
        set status = 'pending', locked_until = null, next_attempt_at = now()
      where status = 'sending'
  returning id`,
  );
  return rows.length;
}
