/**
 * Views of the landing page and the course page for the owner's funnel (`npm run admin -- stats` and the studio's
 * Overview), by where they came from (`pageViewSource`): counted per UTC day in memory and added to
 * `public.page_views` in one statement at most once a minute. A visitor counts once per page and day, told apart
 * by a keyed hash under a key made each day and kept only in memory, so nothing kept can be linked to a person or
 * across days (docs/privacy-and-data.md, "Page views").
 *
 * What one caller can inflate is bounded: an address (an IPv6 /64 is one) counts as at most three browsers per
 * page a day, however many User-Agents it sends, and a campaign or referring site shows as a source of its own
 * only once three addresses came from it that day; until then its views count as "other".
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';
import { clientKey } from '../../../supabase/functions/_shared/client-key.ts';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import { DIRECT, OTHER } from './page-view-source.ts';

export type CountedPage = '/' | '/course';

/** Who opened the page, as far as the counter needs to tell visitors apart; never stored. */
export interface Visitor {
  address: string;
  userAgent: string;
}

export interface PageViewCounter {
  /**
   * Counts the view under its source (a `pageViewSource` label) unless this visitor was already counted on this
   * page today.
   */
  count(page: CountedPage, visitor: Visitor, source: string): void;
  /** Writes every view counted so far and stops the timer: the server's last step before closing the database. */
  stop(): Promise<void>;
}

/** Time and timers, so tests move the clock instead of waiting. */
export interface CounterClock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /** Runs `work` once after `ms`; the returned function cancels it. Must not keep the process alive. */
  after(ms: number, work: () => Promise<void>): () => void;
}

const systemClock: CounterClock = {
  now: () => Date.now(),
  after(ms, work) {
    const timer = setTimeout(() => void work(), ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

const WRITE_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

/** Adds each (day, page, source) count to its row; several servers on one database add up instead of overwriting. */
const ADD_VIEWS = `
insert into public.page_views as v (day, path, source, views)
select * from unnest($1::date[], $2::text[], $3::text[], $4::bigint[])
on conflict (day, path, source) do update set views = v.views + excluded.views`;

const SEPARATOR = ' ';

/** Visitors remembered per day: bounds the memory, and how far one day's counts can be inflated. */
const MAX_VISITORS_PER_DAY = 100_000;

/** Sources kept apart per day; the rest count as "other", so made-up campaigns cannot add rows without end. */
const MAX_SOURCES_PER_DAY = 200;

/** Browsers (User-Agents) counted per address, page and day: more from one address are one caller's inventions. */
const MAX_BROWSERS_PER_ADDRESS = 3;

/** Addresses a label needs in a day to show as a source of its own: one caller cannot make up a source. */
const ADDRESSES_PER_SOURCE = 3;

/** Labels waiting for their addresses, per day: bounds the memory that made-up labels can take. */
const MAX_WAITING_SOURCES = 1_000;

export function startPageViewCounter(options: {
  db: Sql;
  log: Log;
  clock?: CounterClock;
  maxVisitorsPerDay?: number;
  maxSourcesPerDay?: number;
  addressesPerSource?: number;
}): PageViewCounter {
  const {
    db,
    log,
    clock = systemClock,
    maxVisitorsPerDay = MAX_VISITORS_PER_DAY,
    maxSourcesPerDay = MAX_SOURCES_PER_DAY,
    addressesPerSource = ADDRESSES_PER_SOURCE,
  } = options;
  /** Views not yet written, by "<UTC day> <page> <source>". */
  let pending = new Map<string, number>();
  let cancelTimer: (() => void) | undefined;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  // The UTC day is worked out once a day, not for every view.
  let day = '';
  let nextDayAt = 0;
  // Today's visitors as keyed hashes; key and sets are replaced when the day changes, so no hash outlives it.
  let dayKey = randomBytes(32);
  let seen = new Set<string>();
  /** Browsers counted today per page and address (hashed). */
  let browsers = new Map<string, number>();
  /** Labels with the addresses they need: shown as sources. */
  let sources = new Set<string>();
  /** Labels still short of addresses, with the addresses (hashed) that came from them today. */
  let waitingSources = new Map<string, Set<string>>();
  let capReported = false;

  const hashed = (...parts: string[]) =>
    createHmac('sha256', dayKey).update(parts.join('\n')).digest('base64url').slice(0, 22);

  /** The source a view counts under: its label once enough addresses came from it today, else "other". */
  function sourceOf(label: string, address: string): string {
    if (label === DIRECT || label === OTHER || sources.has(label)) return label;
    if (sources.size >= maxSourcesPerDay) return OTHER;
    let addresses = waitingSources.get(label);
    if (!addresses) {
      if (waitingSources.size >= MAX_WAITING_SOURCES) return OTHER;
      addresses = new Set();
      waitingSources.set(label, addresses);
    }
    addresses.add(hashed(address));
    if (addresses.size < addressesPerSource) return OTHER;
    waitingSources.delete(label);
    sources.add(label);
    return label;
  }

  const write = async () => {
    const counts = pending;
    pending = new Map();
    if (counts.size === 0) return;
    const keys = [...counts.keys()].map((key) => key.split(SEPARATOR));
    try {
      await db.query(ADD_VIEWS, [
        keys.map(([day]) => day),
        keys.map(([, page]) => page),
        keys.map(([, , source]) => source),
        [...counts.values()],
      ]);
    } catch (error) {
      // Kept for the next write: a database that is briefly away loses no views.
      for (const [key, views] of counts) pending.set(key, (pending.get(key) ?? 0) + views);
      log.warn({ event: 'page_views.write_failed', message: String(error) });
      schedule();
    }
  };

  const flush = () => {
    writing = writing.then(write);
    return writing;
  };

  function schedule() {
    if (cancelTimer || stopped) return;
    cancelTimer = clock.after(WRITE_EVERY_MS, () => {
      cancelTimer = undefined;
      return flush();
    });
  }

  return {
    count(page, visitor, source) {
      const now = clock.now();
      if (now >= nextDayAt) {
        day = new Date(now).toISOString().slice(0, 10);
        nextDayAt = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
        dayKey = randomBytes(32);
        seen = new Set();
        browsers = new Map();
        sources = new Set();
        waitingSources = new Map();
        capReported = false;
      }
      const address = clientKey(visitor.address);
      const hash = hashed(page, address, visitor.userAgent);
      if (seen.has(hash)) return;
      if (seen.size >= maxVisitorsPerDay) {
        // Not counted rather than forgotten: forgetting would let anyone count again and again.
        if (!capReported) {
          capReported = true;
          log.warn({
            event: 'page_views.visitor_cap_reached',
            message: `${maxVisitorsPerDay} visitors counted today: no more are counted until tomorrow (UTC).`,
          });
        }
        return;
      }
      const browsersKey = hashed(page, address);
      const browsersCounted = browsers.get(browsersKey) ?? 0;
      if (browsersCounted >= MAX_BROWSERS_PER_ADDRESS) return;
      browsers.set(browsersKey, browsersCounted + 1);
      seen.add(hash);
      const key = `${day}${SEPARATOR}${page}${SEPARATOR}${sourceOf(source, address)}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      schedule();
    },
    async stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      await flush();
    },
  };
}
