import { GUIDE_LIMITS } from '@/lib/guide-rules';

export interface DraftFields {
  name: string;
  title: string;
  quote: string;
}

export type DraftProblem =
  | { field: 'name'; problem: 'empty' | 'long' }
  | { field: 'title'; problem: 'empty' | 'long' }
  | { field: 'quote'; problem: 'long'; length: number };

/** The form's fields checked by the rules the database applies, in the form's order; empty when all is well. */
export function draftProblems(fields: DraftFields): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const name = fields.name.trim();
  const title = fields.title.trim();
  const quote = fields.quote.trim();
  if (name === '') problems.push({ field: 'name', problem: 'empty' });
  else if (name.length > GUIDE_LIMITS.name) problems.push({ field: 'name', problem: 'long' });
  if (title === '') problems.push({ field: 'title', problem: 'empty' });
  else if (title.length > GUIDE_LIMITS.title) problems.push({ field: 'title', problem: 'long' });
  if (quote.length > GUIDE_LIMITS.quote)
    problems.push({ field: 'quote', problem: 'long', length: quote.length });
  return problems;
}

/** The ids with the one at `from` moved to `to` (both positions in the list, from 0). */
export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const moved = [...ids];
  const [id] = moved.splice(from, 1);
  if (id === undefined) return moved;
  moved.splice(Math.max(0, Math.min(to, moved.length)), 0, id);
  return moved;
}

/**
 * A guide's place among the shown guides, from 0: the carousel's drawn fallback pictures cycle by it. A hidden
 * guide, or a new one (`id` null, added at the end), gets the place it would take if shown.
 */
export function carouselPlace(
  guides: readonly { id: number; isActive: boolean }[],
  id: number | null,
): number {
  const end = id === null ? -1 : guides.findIndex((guide) => guide.id === id);
  return guides.slice(0, end === -1 ? guides.length : end).filter((guide) => guide.isActive).length;
}
