import { type EmailWordKey, emailWordDefaults, type EmailWords } from '@/content/emails';
import { emailWordKeys, emailWordRules, type Placeholder } from '@/content/email-word-rules';
import { studioEmailsCopy } from '@/content/studio-emails';
import { studioSiteCopy } from '@/content/studio-site';

/**
 * The first brace in `value` its e-mail does not fill in: a placeholder not among `allowed` (`{lessons}`), one
 * left open (`{lesson`), or a stray `}`; undefined when every brace is a placeholder it fills.
 */
export function strayPlaceholder(value: string, allowed: readonly Placeholder[]): string | undefined {
  for (const [token] of value.matchAll(/\{[^{}\s]*\}?|\}/g)) {
    const name = /^\{([a-z]+)\}$/.exec(token)?.[1];
    if (name === undefined || !(allowed as readonly string[]).includes(name)) return token;
  }
  return undefined;
}

/**
 * What is wrong with each changed field's words, by field, as the database's rules would say it (public
 * .site_words_problem); {} when nothing is.
 */
export function emailWordProblems(words: EmailWords): Partial<Record<EmailWordKey, string>> {
  const problems: Partial<Record<EmailWordKey, string>> = {};
  for (const key of emailWordKeys) {
    const rule = emailWordRules[key];
    const { label } = studioEmailsCopy.fields[key];
    const value = words[key];
    if (value === emailWordDefaults[key]) continue;
    const stray = strayPlaceholder(value, rule.placeholders);
    if (value.trim() === '') problems[key] = studioSiteCopy.problems.empty(label);
    else if (value.length > rule.maxLength)
      problems[key] = studioSiteCopy.problems.tooLong(label, rule.maxLength);
    else if (rule.oneLine && /[\r\n]/.test(value)) problems[key] = studioEmailsCopy.problems.oneLine(label);
    else if (stray !== undefined)
      problems[key] = studioEmailsCopy.problems.placeholder(label, stray, rule.placeholders);
  }
  return problems;
}
