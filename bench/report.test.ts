import { describe, expect, it } from 'vitest';
import type { FirstViewLog } from './first-view-loads.ts';
import { summariseArrivals } from './course-arrival.ts';
import { summariseJourneys } from './interaction.ts';
import type { BenchResult } from './bench-result.ts';
import { renderReport, renderSummary } from './report.ts';
import { asBuilt, edited, result, visit } from './report-test-kit.ts';

describe('renderSummary', () => {
  const early: FirstViewLog['requests'] = [
    { moment: 'first view', name: 'signup-dialog.js' },
    ...asBuilt.filter(({ name }) => name !== 'signup-dialog.js'),
    { moment: 'dialog open', name: 'hero-lenses.svg' },
  ];
  /** A whole run, every part measured, some targets missed: /'s TBT, the first start's memory, a phone visit. */
  const whole: BenchResult = {
    ...result({ tbtMs: 71, firstStartRssMb: 201 }),
    editedPage: edited({}),
    interaction: summariseJourneys('http://bench/', [
      { firstOpenMs: 151, laterOpenMs: 150, slowestInputMs: 90, slowestInputType: 'click on "Next"' },
    ]),
    firstView: { url: 'http://bench/', runs: [visit(450, asBuilt), visit(350, early), visit(450, asBuilt)] },
    courseArrival: summariseArrivals('http://bench/course', [
      { titlesMs: 2400, posterMs: 4300, playingMs: 7000, clickedMs: 1500, playTappedMs: 4000 },
    ]),
    streamedArrival: summariseArrivals('http://bench/course', [
      { titlesMs: 2500, posterMs: 5200, playingMs: 8200, clickedMs: 1500, playTappedMs: 5000 },
    ]),
  };
  whole.bundle.lazy = [{ name: 'course', file: 'assets/course.js', raw: 1, gzip: 1, brotli: 1 }];
  const summary = renderSummary(whole, 'bench/results/2026-01-01T00-00-00-000Z.md');
  /** The summary's rows: group (carried down from the row that names it), what, measured, target, met. */
  const rows = () => {
    let group = '';
    return summary
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .slice(2)
      .map((line) => {
        const [first = '', ...rest] = line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim());
        group = first || group;
        return [group, ...rest];
      });
  };

  it('lists every target of the full tables, one row each (the four Lighthouse scores as one), with yes or NO', () => {
    expect(rows().map(([group, what, , , met]) => [group, what, met])).toEqual([
      ['page /', 'scores: performance, accessibility, best practices, SEO', 'yes'],
      ['page /', 'LCP', 'yes'],
      ['page /', 'TBT', 'NO'],
      ['page /', 'CLS', 'yes'],
      ['page /course', 'scores: performance, accessibility, best practices', 'yes'],
      ['page /course', 'LCP', 'yes'],
      ['page /course', 'TBT', 'yes'],
      ['page /course', 'CLS', 'yes'],
      ['page / after an edit', 'scores: performance, accessibility, best practices, SEO', 'yes'],
      ['page / after an edit', 'LCP', 'yes'],
      ['page / after an edit', 'TBT', 'yes'],
      ['page / after an edit', 'CLS', 'yes'],
      ['page / after an edit', 'JS before interaction (script bytes)', 'yes'],
      ['interaction', 'dialog on screen after the first click', 'NO'],
      ['interaction', 'first click minus a later one, per journey', 'yes'],
      ['interaction', 'slowest input event (click on "Next")', 'yes'],
      ['first view', 'hydration script requested before the first paint', 'NO'],
      ['first view', 'first view fonts', 'yes'],
      ['first view', 'dialog code requested before the hydration script', 'NO'],
      ['first view', 'dialog code requested once idle, before any click', 'yes'],
      ['first view', 'dialog code fetched on the click or after', 'yes'],
      ['first view', 'guides/supabase-js requested before the carousel is near', 'yes'],
      [
        'first view',
        "guides/supabase-js requested while the hero's scroll passes the carousel behind the dialog",
        'yes',
      ],
      ['first view', 'guides read once the carousel is near', 'yes'],
      ['first view', 'phone downloads the hero illustration', 'NO'],
      ['first view', 'teaser stills downloaded', 'yes'],
      ['arrival at /course', 'lesson titles visible', 'yes'],
      ['arrival at /course', "first lesson's picture visible (its poster, or the video's first frame)", 'NO'],
      ['arrival at /course', 'lesson playing (Continue and Play tapped the moment each appears)', 'yes'],
      ['arrival, streamed lesson', 'lesson playing (Continue and Play tapped the moment each appears)', 'NO'],
      ['bundle', 'JS before interaction, gzip', 'yes'],
      ['bundle', 'CSS before interaction, gzip', 'yes'],
      ['API', 'PGlite: GET guides', 'yes'],
      ['API', 'PGlite: GET guides / bare Hono', 'yes'],
      ['API', 'PGlite: POST send-email', 'yes'],
      ['API', 'PGlite: server peak RSS', 'yes'],
      ['API', 'PGlite, first start (builds dist/): server peak RSS', 'NO'],
      ['API', 'PostgreSQL: server peak RSS', 'yes'],
      ['API', 'PGlite: GET / (navigation): counter on / off', 'yes'],
      ['API', 'PGlite: GET guides: counter on / off', 'yes'],
    ]);
    // The same verdicts as the full tables, in their order: each row there with a verdict is here.
    const full = renderReport(whole)
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      )
      .filter((cells) => cells[0] !== 'metric' && cells[0] !== 'what' && !cells[0]?.startsWith('-'))
      .filter((cells) => cells.at(-1) === 'yes' || cells.at(-1) === 'NO');
    const scores = ['performance', 'accessibility', 'best practices', 'SEO'];
    const verdicts: string[] = [];
    for (const cells of full) {
      const verdict = cells.at(-1) ?? '';
      if (cells[0] === 'performance') verdicts.push(verdict);
      else if (scores.includes(cells[0] ?? '')) {
        if (verdict === 'NO') verdicts[verdicts.length - 1] = 'NO';
      } else verdicts.push(verdict);
    }
    expect(rows().map((row) => row[4])).toEqual(verdicts);
  });

  it('shows the value each target judged, beside the target', () => {
    const byWhat = (group: string, what: string) =>
      rows()
        .find((row) => row[0] === group && row[1] === what)
        ?.slice(2);
    expect(byWhat('page /', 'LCP')).toEqual(['1200 ms, 1.20× ref', '≤ 1.25× ref', 'yes']);
    expect(byWhat('page /', 'TBT')).toEqual(['71 ms, ref 20 ms', '≤ ref + 50 ms', 'NO']);
    // /course is kept out of search engines: its SEO score is shown, not judged.
    expect(byWhat('page /course', 'scores: performance, accessibility, best practices')).toEqual([
      '100, 100, 100',
      '100 each',
      'yes',
    ]);
    expect(byWhat('first view', 'hydration script requested before the first paint')).toEqual([
      'no ×2, yes ×1',
      'no (or at the 1 s deadline)',
      'NO',
    ]);
    expect(
      byWhat('arrival at /course', "first lesson's picture visible (its poster, or the video's first frame)"),
    ).toEqual(['4300 ms', '≤ 4000 ms', 'NO']);
    expect(byWhat('API', 'PGlite: GET guides')).toEqual([
      '12,000/s, p99 12 ms',
      '≥ 5,000/s, p99 ≤ 25 ms',
      'yes',
    ]);
    expect(byWhat('API', 'PGlite: GET / (navigation): counter on / off')).toEqual([
      '0.98× (rounds 0.90–1.05×)',
      'median of rounds ≥ 0.95×',
      'yes',
    ]);
  });

  it('a Lighthouse score under 100 fails the scores row and shows which', () => {
    const run = result({});
    const [home] = run.pages ?? [];
    if (!home) throw new Error('no page /');
    home.ours.median = { ...home.ours.median, seo: 92 };
    const row = renderSummary(run, 'x.md')
      .split('\n')
      .find((line) => line.includes('page /  '));
    expect(row).toMatch(/\| 100, 100, 100, 92 +\| 100 each +\| NO +\|$/);
  });

  it('says when and where it was measured and where the full tables are, and leaves the rows without a target out', () => {
    const [line] = summary.split('\n');
    expect(line).toBe(
      'Measured 2026-01-01T00:00:00.000Z: 2 CPUs, load average 0.00 0.00 0.00 at start, Chromium. Targets only: ' +
        'the full tables are printed by the run and kept locally (git ignores bench/results/) in ' +
        '`bench/results/2026-01-01T00-00-00-000Z.md`.',
    );
    for (const forInformation of [
      'FCP',
      'total bytes',
      'dialog on screen after a later click',
      'Publish → new HTML served',
      'tapped, the moment it appears',
      "from the first paint to the hydration script's request",
      'lazy:',
      'hello-world',
      'bare Hono, our guides answer',
      'PostgreSQL: GET guides',
      'counter off',
      'Audits',
    ])
      expect(summary).not.toContain(forInformation);
  });

  it('stays short: one line, then a table of 40 rows for a run that measured everything, under 800 words', () => {
    const lines = summary.trim().split('\n');
    expect(rows()).toHaveLength(40);
    expect(lines.length).toBeLessThan(45);
    // As `wc -w` counts them, table pipes and dashes included.
    expect(summary.split(/\s+/).filter(Boolean).length).toBeLessThan(800);
  });
});
