/**
 * How long "Send a new code" waits: the server sends an address at most one sign-in e-mail a minute, each later
 * wait twice the one before (supabase/functions/_shared/sign-in-link.ts), and the page counts the same for the
 * e-mails it asked for. A tap sooner would be answered as usual and send nothing.
 */
const FIRST_WAIT_SECONDS = 60;

/** The whole seconds left before another e-mail can be asked for, after `sends` asked for, the last at `sentAtMs`. */
export function secondsBeforeNewCode(sends: number, sentAtMs: number, nowMs: number): number {
  if (sends <= 0) return 0;
  const waitMs = FIRST_WAIT_SECONDS * 2 ** (sends - 1) * 1000;
  return Math.max(0, Math.ceil((sentAtMs + waitMs - nowMs) / 1000));
}

/** A countdown as a clock reads it: `0:59`, `2:00`. */
export function countdownClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
