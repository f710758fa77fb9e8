import { studioSiteCopy } from '@/content/studio-site';
import {
  type EverySiteWord,
  everySiteWordDefault,
  siteWordKeys,
  siteWordRules,
} from '@/content/site-word-rules';

const copy = studioSiteCopy.problems;

/** The headlines: what overflows them is said in words about the phone's first screen. */
const HEADLINES = new Set(['hero.headlineProfane', 'hero.headlineClean']);

/**
 * What is wrong with each changed field's words (the rules the database holds them to), by field; {} when nothing
 * is.
 */
export function siteWordProblems(words: EverySiteWord): Partial<Record<keyof EverySiteWord, string>> {
  const problems: Partial<Record<keyof EverySiteWord, string>> = {};
  for (const key of siteWordKeys) {
    const field = siteWordRules[key];
    const { label } = studioSiteCopy.fields[key];
    const value = words[key];
    // The shipped words stand as shipped (the partners link's placeholder "#" too, until she gives it one).
    if (value === everySiteWordDefault[key]) continue;
    if (field.required && value.trim() === '') problems[key] = copy.empty(label);
    else if (value.length > field.maxLength)
      problems[key] = HEADLINES.has(key)
        ? copy.headlineTooLong(field.maxLength)
        : copy.tooLong(label, field.maxLength);
    else if (field.kind === 'link' && value !== '' && !isSiteLink(value)) problems[key] = copy.link;
  }
  return problems;
}

/** An address the site may link to: https:, mailto: or one of its own pages; never javascript: or data:. */
function isSiteLink(value: string): boolean {
  return /^(https:\/\/[^\s/\\]+(\/\S*)?|mailto:[^\s@]+@[^\s@]+|\/[^\s/\\]\S*|\/)$/.test(value);
}
