// The report's table of what the landing page loads on a phone, and when: every visit must meet each target.
import {
  type FirstViewMetrics,
  type FirstViewResult,
  LATEST_HYDRATION_MS,
  readFirstView,
} from './first-view-loads.ts';
import { median } from './median.ts';
import { type Judged, type Table, judging, ms } from './report-table.ts';
import { TARGETS } from './targets.ts';

/**
 * One cell for the runs' values: the value when every run agrees, else each value with its count
 * (`0 requests ×2, 1 request ×1`).
 */
function acrossRuns(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  if (counts.size === 1) return values[0] ?? '';
  return [...counts].map(([value, count]) => `${value} ×${count}`).join(', ');
}

const requests = (count: number) => `${count} request${count === 1 ? '' : 's'}`;
const listed = (names: string[]) => (names.length === 0 ? 'none' : `${names.length}: ${names.join(', ')}`);
const sameList = (names: string[], expected: readonly string[]) =>
  names.length === expected.length && names.every((name, index) => name === expected[index]);

export function firstViewTable({ runs }: FirstViewResult): Table {
  const measured = runs.map(readFirstView);
  const judged: Judged[] = [];
  const judge = judging(judged);
  // Every run must meet the target: load order is not a median, one visit that loads too early is one too many.
  const row = <T>(
    what: string,
    value: (run: FirstViewMetrics) => T,
    shown: (value: T) => string,
    target: string,
    ok: (value: T) => boolean,
  ) => {
    const values = measured.map(value);
    const cell = acrossRuns(values.map(shown));
    return [what, cell, ...judge(what, cell, target, values.every(ok))];
  };
  const none = (count: number) => count === 0;
  const deadline = `${LATEST_HYDRATION_MS / 1000} s deadline`;
  const margins = measured.flatMap((run) => (run.paintToHydrateMs === null ? [] : [run.paintToHydrateMs]));
  const signed = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;
  return {
    title: `First view: what the landing page loads on a phone (390×844 at 2×) at 4× CPU and slow 4G, ${runs.length} visits`,
    header: ['what', 'measured', 'target', 'met'],
    rows: [
      row(
        'hydration script requested before the first paint',
        (run) => run.hydration,
        (hydration) =>
          ({
            'after the first paint': 'no',
            'at the deadline': `no (at the ${deadline})`,
            'before the first paint': 'yes',
            never: 'never requested',
          })[hydration],
        `no (or at the ${deadline})`,
        (hydration) => hydration === 'after the first paint' || hydration === 'at the deadline',
      ),
      [
        "from the first paint to the hydration script's request (median, range)",
        margins.length === 0
          ? 'n/a'
          : `${signed(median(margins))} (${signed(Math.min(...margins))} to ${signed(Math.max(...margins))})`,
        '',
        '',
      ],
      row(
        'first view fonts',
        (run) => run.fonts,
        listed,
        listed([...TARGETS.firstViewFonts]),
        (fonts) => sameList(fonts, TARGETS.firstViewFonts),
      ),
      row(
        'dialog code requested before the hydration script',
        (run) => run.dialogCodeBeforeHydration,
        requests,
        requests(0),
        none,
      ),
      row(
        'dialog code requested once idle, before any click',
        (run) => run.dialogCodeBeforeClick,
        (ok) => (ok ? 'yes' : 'no'),
        'yes',
        (ok) => ok,
      ),
      row(
        'dialog code fetched on the click or after',
        (run) => run.dialogCodeOnClick,
        requests,
        requests(0),
        none,
      ),
      row(
        'guides/supabase-js requested before the carousel is near',
        (run) => run.guidesBeforeNear,
        requests,
        requests(0),
        none,
      ),
      row(
        "guides/supabase-js requested while the hero's scroll passes the carousel behind the dialog",
        (run) => run.guidesBehindDialog,
        requests,
        requests(0),
        none,
      ),
      row(
        'guides read once the carousel is near',
        (run) => run.guidesWhenNear,
        requests,
        requests(1),
        (count) => count === 1,
      ),
      row(
        'phone downloads the hero illustration',
        (run) => run.heroIllustration,
        (count) => (count > 0 ? 'yes' : 'no'),
        'no',
        none,
      ),
      row(
        'teaser stills downloaded',
        (run) => run.teaserStills,
        listed,
        listed([TARGETS.phoneTeaserStill]),
        (stills) => sameList(stills, [TARGETS.phoneTeaserStill]),
      ),
    ],
    group: 'first view',
    judged,
  };
}
