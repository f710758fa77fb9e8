import { describe, expect, it } from 'vitest';
import type { CounterOnAndOff } from './api.ts';
import { renderReport } from './report.ts';
import { cells, load, met, result, rounds } from './report-test-kit.ts';

describe('renderReport', () => {
  it("judges the guides read on its own rate and p99 and on its share of the bare Hono app's rate", () => {
    const enough = renderReport(result({ guides: load(10_000, 25) }));
    expect(met(enough, 'PGlite: GET guides (')).toBe('yes');
    expect(met(enough, 'PGlite: GET guides / bare Hono')).toBe('yes');
    const underHalf = renderReport(result({ guides: load(9_999, 12) }));
    expect(met(underHalf, 'PGlite: GET guides (')).toBe('yes');
    expect(met(underHalf, 'PGlite: GET guides / bare Hono')).toBe('NO');
    expect(met(renderReport(result({ guides: load(10_000, 26) })), 'PGlite: GET guides (')).toBe('NO');
  });

  it('shows GET / (navigation) and GET guides on the servers with the page-view counter on and off', () => {
    const report = renderReport(result({}));
    expect(cells(report, 'PGlite: GET / (navigation), counter on (3 rounds, in turns with off)')[1]).toBe(
      '9,800',
    );
    expect(cells(report, 'PGlite: GET / (navigation), counter off (COUNT_PAGE_VIEWS=false)')[1]).toBe(
      '10,000',
    );
    expect(cells(report, 'PGlite: GET / (navigation): counter on / off')).toEqual([
      'PGlite: GET / (navigation): counter on / off',
      '0.98× (rounds 0.90–1.05×)',
      '',
      '',
      '',
      'median of rounds ≥ 0.95×',
      'yes',
    ]);
    expect(cells(report, 'PGlite: GET guides, counter on (3 rounds, in turns with off)')[1]).toBe('12,000');
    expect(cells(report, 'PGlite: GET guides, counter off (COUNT_PAGE_VIEWS=false)')[1]).toBe('12,000');
    expect(cells(report, 'PGlite: GET guides: counter on / off')[1]).toBe('1.00× (rounds 1.00–1.00×)');
    expect(met(report, 'PGlite: GET guides: counter on / off')).toBe('yes');
  });

  it("judges each counter pair on the median of its rounds' ratios: at least 0.95×, with no errors on either", () => {
    const judged = (pair: CounterOnAndOff) => {
      const report = renderReport(result({ pageCounter: pair, guidesCounter: pair }));
      return [
        met(report, 'PGlite: GET / (navigation): counter on / off'),
        met(report, 'PGlite: GET guides: counter on / off'),
      ];
    };
    const off = rounds(10_000, 10_000, 10_000);
    expect(judged({ on: rounds(9_500, 5_000, 12_000), off })).toEqual(['yes', 'yes']);
    expect(judged({ on: rounds(9_499, 5_000, 12_000), off })).toEqual(['NO', 'NO']);
    // A round the machine slowed for both servers moves neither ratio, though it moves the medians of the rates.
    expect(judged({ on: rounds(8_000, 12_000, 9_000), off: rounds(8_000, 12_000, 11_000) })).toEqual([
      'yes',
      'yes',
    ]);
    expect(judged({ on: rounds(11_000, 12_000, 8_000), off: rounds(10_000, 13_000, 9_000) })).toEqual([
      'NO',
      'NO',
    ]);
    const failing = { ...rounds(10_000, 10_000, 10_000), errors: 3, statuses: { 200: 99_997, 500: 3 } };
    expect(judged({ on: failing, off })).toEqual(['NO', 'NO']);
    expect(judged({ on: off, off: failing })).toEqual(['NO', 'NO']);
  });

  it('judges send-email on PGlite only, and memory on every start path', () => {
    const report = renderReport(result({ firstStartRssMb: 201 }));
    expect(met(report, 'PGlite: POST send-email')).toBe('yes');
    expect(met(report, 'PostgreSQL: POST send-email')).toBe('');
    expect(met(report, 'PGlite: server peak RSS')).toBe('yes');
    expect(met(report, 'PGlite, first start (builds dist/): server peak RSS')).toBe('NO');
    expect(met(report, 'PostgreSQL: server peak RSS')).toBe('yes');
  });
});
