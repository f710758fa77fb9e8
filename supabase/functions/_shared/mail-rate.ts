/**
 * The send rate every sender shares: one `mail_rate` row per provider hands out send slots, so all workers of
 * all servers and all edge-function instances together stay within the provider's rate (decision 0090).
 */
import type { Sql } from './sql-port.ts';

/**
 * A slot lasts half again as long as 1/rate: the time between taking a slot and the request reaching the
 * provider varies (a busy event loop or database, or a first request opening its connection, can hold one
 * request back a few hundred milliseconds), and without the margin two requests' delays could put a third into
 * one of its seconds. A quarter was measured too little on a busy 2-core machine.
 */
const SLOT_MARGIN = 1.5;

/** Seconds one request holds the provider's line at `ratePerSecond`. */
export function slotSeconds(ratePerSecond: number): number {
  return SLOT_MARGIN / ratePerSecond;
}

/** Seconds until the provider's next slot is free (0 when it is free now) and, during a pause, its reason. */
export async function slotWait(
  db: Sql,
  provider: string,
): Promise<{ seconds: number; reason: string | null }> {
  const [row] = await db.query<{ seconds: number; reason: string | null }>(
    `select greatest(0, extract(epoch from greatest(next_slot_at, not_before) - now()))::float8 as seconds,
            case when not_before > now() then not_before_reason end as reason
       from public.mail_rate where provider = $1`,
    [provider],
  );
  return { seconds: Number(row?.seconds ?? 0), reason: row?.reason ?? null };
}

/**
 * Takes the provider's next slot if it is free now, in one statement: the row lock makes two senders queue
 * for it, and the second finds it taken. Each slot moves the next one on by `seconds`; an idle line gives no
 * credit, so a burst after a quiet hour is paced like any other.
 */
export async function claimSlot(db: Sql, provider: string, seconds: number): Promise<boolean> {
  const granted = await db.query(
    `insert into public.mail_rate as r (provider, next_slot_at) values ($1, now() + make_interval(secs => $2::float8))
     on conflict (provider) do update
        set next_slot_at = greatest(r.next_slot_at, now()) + make_interval(secs => $2::float8)
      where greatest(r.next_slot_at, r.not_before) <= now()
     returning r.provider`,
    [provider, seconds],
  );
  return granted.length === 1;
}

/** The provider asked everyone to wait (a 429, an exhausted quota): no slot is handed out before then. */
export async function pauseSending(
  db: Sql,
  provider: string,
  seconds: number,
  reason: string,
): Promise<void> {
  await db.query(
    `insert into public.mail_rate as r (provider, not_before, not_before_reason)
     values ($1, now() + make_interval(secs => $2::float8), $3)
     on conflict (provider) do update
        set not_before = greatest(r.not_before, excluded.not_before), not_before_reason = excluded.not_before_reason`,
    [provider, seconds, reason],
  );
}
