// What every table of the report is made of: its rows, the targets it judged, and the way it writes a value.
import { KB } from './targets.ts';

/** One target of a run, as the summary shows it: what was judged, the value judged, the target, whether met. */
export interface Judged {
  what: string;
  measured: string;
  target: string;
  met: string;
}

export interface Table {
  title: string;
  header: string[];
  rows: string[][];
  /** The summary's short name for the part of the bench the table reports, e.g. `page /` or `API`. */
  group: string;
  /** The table's rows that have a target, in its order. */
  judged: Judged[];
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const percent = (share: number) => `${Math.round(share * 100)} %`;
export const ratio = (ours: number, reference: number) =>
  reference > 0 ? `${(ours / reference).toFixed(2)}×` : 'n/a';
export const met = (ok: boolean) => (ok ? 'yes' : 'NO');

/**
 * A table's judge: records a target for the summary (`ok` undefined when there was nothing to judge) and returns
 * the full table's target and met cells, so both say the same.
 */
export function judging(judged: Judged[]) {
  return (what: string, measured: string, target: string, ok: boolean | undefined): string[] => {
    const cell = ok === undefined ? '' : met(ok);
    judged.push({ what, measured, target, met: cell });
    return [target, cell];
  };
}
