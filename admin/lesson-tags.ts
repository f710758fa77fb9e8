// Whom a lesson speaks to, as the owner's tool takes it: the sign-up questionnaire's own options, so the page
// can match a lesson against a visitor's answers on their device.
import { ageGroups, strengthOptions, worryOptions } from '../src/content/signup.ts';
import { AdminError } from './admin-error.ts';

const strengths = [...new Set(Object.values(strengthOptions).flat())];

/** Each spelling the tool accepts, lower-cased, and the tag it stands for: an age group by its id or its label. */
const canonical = new Map<string, string>([
  ...worryOptions.map((worry): [string, string] => [worry.toLowerCase(), worry]),
  ...ageGroups.flatMap((group): [string, string][] => [
    [group.id.toLowerCase(), group.id],
    [group.label.toLowerCase(), group.id],
  ]),
  ...strengths.map((strength): [string, string] => [strength.toLowerCase(), strength]),
]);

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`).join(', ');

/**
 * The tags of `--for "AI taking over jobs, under25, Leadership"`: comma-separated, matched without regard to
 * case and stored as the questionnaire spells them, each once. An empty list clears the tags.
 */
export function parseLessonTags(text: string): string[] {
  const tags: string[] = [];
  for (const value of text.split(',').map((part) => part.trim())) {
    if (value === '') continue;
    const tag = canonical.get(value.toLowerCase());
    if (tag === undefined) {
      throw new AdminError(
        'invalid',
        `Unknown --for value "${value}": use worries (${quoted(worryOptions)}), age groups ` +
          `(${quoted(ageGroups.map((group) => group.id))}) or strengths (${quoted(strengths)}).`,
      );
    }
    if (!tags.includes(tag)) tags.push(tag);
  }
  // How many a lesson may have is the database's rule (public.check_lesson).
  return tags;
}

/** Tags at a glance for a text table: the first few, then how many more. */
export function shortTags(tags: readonly string[], shown = 3): string {
  if (tags.length <= shown) return tags.join(', ');
  return `${tags.slice(0, shown).join(', ')} +${tags.length - shown}`;
}
