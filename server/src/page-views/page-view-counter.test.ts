import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { type CounterClock, startPageViewCounter, type Visitor } from './page-view-counter.ts';
import { createTestDatabase, databaseKind } from '../../test/test-database.ts';
import type { Log, LogLine } from '../../../supabase/functions/_shared/log.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());
beforeEach(() => db.exec('truncate public.page_views'));

/** A clock that moves only when the test says so, running the timers that fall due. */
function fakeClock(start: string) {
  let now = new Date(start).getTime();
  let timers: { at: number; work: () => Promise<void> }[] = [];
  const clock: CounterClock = {
    now: () => now,
    after(ms, work) {
      const timer = { at: now + ms, work };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
  };
  return {
    clock,
    /** Moves the clock on and waits for the work of the timers that fell due. */
    async advance(seconds: number) {
      now += seconds * 1000;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      await Promise.all(due.map((timer) => timer.work()));
    },
    timers: () => timers.length,
  };
}

/** The database as the counter sees it, recording each statement; the first `failures` of them fail. */
function recordingDb(options: { failures?: number } = {}) {
  let failures = options.failures ?? 0;
  const writes: string[] = [];
  return {
    writes,
    sql: {
      query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]> {
        writes.push(text);
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new Error('connection lost'));
        }
        return db.query<Row>(text, params);
      },
    },
  };
}

function recordingLog() {
  const lines: LogLine[] = [];
  const log: Log = {
    info: (line) => lines.push(line),
    warn: (line) => lines.push(line),
    error: (line) => lines.push(line),
  };
  return { log, lines };
}

/** A visitor as the static routes describe one: the client address and the browser's User-Agent. */
const visitor = (n = 1, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/145.0'): Visitor => ({
  address: `192.0.2.${n}`,
  userAgent,
});

const rows = () =>
  db.query<{ day: string; path: string; views: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, path, views::int as views from public.page_views order by day, path`,
  );

describe(`the page-view counter on ${databaseKind}`, () => {
  it('keeps views in memory and writes them per UTC day and page in one statement a minute after the first', async () => {
    const time = fakeClock('2026-11-23T23:59:30Z');
    const recorded = recordingDb();
    const counter = startPageViewCounter({ db: recorded.sql, log: recordingLog().log, clock: time.clock });
    counter.count('/', visitor(1), 'direct');
    counter.count('/', visitor(2), 'direct');
    counter.count('/course', visitor(1), 'direct');
    await time.advance(40);
    counter.count('/', visitor(1), 'direct');
    expect(recorded.writes).toHaveLength(0);
    await time.advance(19);
    expect(recorded.writes).toHaveLength(0);
    await time.advance(1);
    expect(recorded.writes).toHaveLength(1);
    expect(await rows()).toEqual([
      { day: '2026-11-23', path: '/', views: 2 },
      { day: '2026-11-23', path: '/course', views: 1 },
      { day: '2026-11-24', path: '/', views: 1 },
    ]);
    expect(time.timers()).toBe(0);
  });

  it('writes at most once a minute and adds each write to the rows already there', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const recorded = recordingDb();
    const counter = startPageViewCounter({ db: recorded.sql, log: recordingLog().log, clock: time.clock });
    for (let second = 0; second < 180; second += 1) {
      counter.count('/', visitor(second), 'direct');
      await time.advance(1);
    }
    expect(recorded.writes).toHaveLength(3);
    expect(await rows()).toEqual([{ day: '2026-11-23', path: '/', views: 180 }]);
  });

  it('keeps the views of a failed write for the next one, and says so in the log', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const recorded = recordingDb({ failures: 1 });
    const { log, lines } = recordingLog();
    const counter = startPageViewCounter({ db: recorded.sql, log, clock: time.clock });
    counter.count('/course', visitor(1), 'direct');
    await time.advance(60);
    expect(await rows()).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ event: 'page_views.write_failed' })]);
    counter.count('/course', visitor(2), 'direct');
    await time.advance(60);
    expect(await rows()).toEqual([{ day: '2026-11-23', path: '/course', views: 2 }]);
  });

  it('writes what it holds when stopped, and nothing when it holds nothing', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const recorded = recordingDb();
    const counter = startPageViewCounter({ db: recorded.sql, log: recordingLog().log, clock: time.clock });
    counter.count('/', visitor(), 'direct');
    await counter.stop();
    expect(await rows()).toEqual([{ day: '2026-11-23', path: '/', views: 1 }]);
    expect(time.timers()).toBe(0);
    const idle = recordingDb();
    await startPageViewCounter({ db: idle.sql, log: recordingLog().log, clock: time.clock }).stop();
    expect(idle.writes).toHaveLength(0);
  });

  it('lets several servers on one database add up their counts', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const recorded = recordingDb();
    const servers = [1, 2].map(() =>
      startPageViewCounter({ db: recorded.sql, log: recordingLog().log, clock: time.clock }),
    );
    for (const server of servers) server.count('/', visitor(), 'direct');
    await Promise.all(servers.map((server) => server.stop()));
    expect(await rows()).toEqual([{ day: '2026-11-23', path: '/', views: 2 }]);
  });

  it('counts a visitor once per page and UTC day: 50 views from one browser are 1, two visitors 2', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const counter = startPageViewCounter({
      db: recordingDb().sql,
      log: recordingLog().log,
      clock: time.clock,
    });
    for (let view = 0; view < 50; view += 1) counter.count('/', visitor(1), 'direct');
    counter.count('/', visitor(1, 'Mozilla/5.0 (Macintosh) Safari/605.1.15'), 'direct');
    counter.count('/', visitor(2), 'direct');
    counter.count('/course', visitor(1), 'direct');
    await counter.stop();
    expect(await rows()).toEqual([
      { day: '2026-11-23', path: '/', views: 3 },
      { day: '2026-11-23', path: '/course', views: 1 },
    ]);
  });

  it('counts the same visitor again the next day, under a new key', async () => {
    const time = fakeClock('2026-11-23T23:59:00Z');
    const counter = startPageViewCounter({
      db: recordingDb().sql,
      log: recordingLog().log,
      clock: time.clock,
    });
    counter.count('/', visitor(), 'direct');
    counter.count('/', visitor(), 'direct');
    await time.advance(61);
    counter.count('/', visitor(), 'direct');
    counter.count('/', visitor(), 'direct');
    await counter.stop();
    expect(await rows()).toEqual([
      { day: '2026-11-23', path: '/', views: 1 },
      { day: '2026-11-24', path: '/', views: 1 },
    ]);
  });

  it('remembers at most the cap of visitors a day, counts no more that day, and says so once', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const { log, lines } = recordingLog();
    const counter = startPageViewCounter({
      db: recordingDb().sql,
      log,
      clock: time.clock,
      maxVisitorsPerDay: 3,
    });
    for (let n = 1; n <= 5; n += 1) counter.count('/', visitor(n), 'direct');
    counter.count('/', visitor(1), 'direct');
    await time.advance(86_400);
    counter.count('/', visitor(4), 'direct');
    await counter.stop();
    expect(await rows()).toEqual([
      { day: '2026-11-23', path: '/', views: 3 },
      { day: '2026-11-24', path: '/', views: 1 },
    ]);
    expect(lines).toEqual([expect.objectContaining({ event: 'page_views.visitor_cap_reached' })]);
  });

  it('writes each source apart, and past the day’s cap of sources counts new ones as "other"', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const counter = startPageViewCounter({
      db: recordingDb().sql,
      log: recordingLog().log,
      clock: time.clock,
      maxSourcesPerDay: 2,
      addressesPerSource: 1,
    });
    counter.count('/', visitor(1), 'newsletter');
    counter.count('/', visitor(2), 'google.com');
    counter.count('/', visitor(3), 'made-up-1');
    counter.count('/', visitor(4), 'made-up-2');
    counter.count('/course', visitor(1), 'newsletter');
    await counter.stop();
    const bySource = await db.query<{ path: string; source: string; views: number }>(
      `select path, source, views::int as views from public.page_views order by path, source`,
    );
    expect(bySource).toEqual([
      { path: '/', source: 'google.com', views: 1 },
      { path: '/', source: 'newsletter', views: 1 },
      { path: '/', source: 'other', views: 2 },
      { path: '/course', source: 'newsletter', views: 1 },
    ]);
  });

  it('counts at most three browsers of one address per page a day, an IPv6 /64 as one address', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const counter = startPageViewCounter({
      db: recordingDb().sql,
      log: recordingLog().log,
      clock: time.clock,
    });
    for (let n = 0; n < 10; n += 1) counter.count('/', visitor(1, `Browser/${n}`), 'direct');
    for (let n = 0; n < 10; n += 1)
      counter.count('/', { address: `2001:db8:1:2::${n + 1}`, userAgent: `Browser/${n}` }, 'direct');
    counter.count('/course', visitor(1, 'Browser/0'), 'direct');
    counter.count('/', visitor(2, 'Browser/0'), 'direct');
    await counter.stop();
    expect(await rows()).toEqual([
      { day: '2026-11-23', path: '/', views: 7 },
      { day: '2026-11-23', path: '/course', views: 1 },
    ]);
  });

  it('shows a campaign or site as a source once three addresses came from it that day; before, as "other"', async () => {
    const time = fakeClock('2026-11-23T10:00:00Z');
    const counter = startPageViewCounter({
      db: recordingDb().sql,
      log: recordingLog().log,
      clock: time.clock,
    });
    // One caller making up sources: ten labels, three browsers each, from one address.
    for (let n = 0; n < 10; n += 1)
      for (const browser of ['A', 'B', 'C']) counter.count('/', visitor(9, browser), `spam-${n}.example`);
    // A real newsletter: five readers from five addresses; the first two count before it has its three.
    for (let n = 1; n <= 5; n += 1) counter.count('/', visitor(n), 'newsletter');
    counter.count('/', visitor(6), 'direct');
    await counter.stop();
    const bySource = await db.query<{ source: string; views: number }>(
      `select source, views::int as views from public.page_views order by source`,
    );
    expect(bySource).toEqual([
      { source: 'direct', views: 1 },
      { source: 'newsletter', views: 3 },
      { source: 'other', views: 5 },
    ]);
  });
});
