/**
 * The site's words and the e-mails' share one draft and one publish: what a Publish would make live, counted for
 * the page and for the e-mails, so each section can say it wherever she presses it.
 */

/** Whether a field is an e-mail's (`email.*`) rather than the page's. */
const isEmailWord = (key: string) => key.startsWith('email.');

/** The fields whose words differ between `draft` and `published` (a missing field is the shipped words). */
export function unpublishedChanges(
  draft: Readonly<Record<string, string>>,
  published: Readonly<Record<string, string>>,
): { page: number; emails: number } {
  const keys = new Set([...Object.keys(draft), ...Object.keys(published)]);
  const changed = [...keys].filter((key) => draft[key] !== published[key]);
  const emails = changed.filter(isEmailWord).length;
  return { page: changed.length - emails, emails };
}

/**
 * The draft as it would be saved from a section: the section's `changes` for its own fields, and the draft's
 * words for every other field (the other section's), which its save must not drop.
 */
export function draftWith(
  draft: Readonly<Record<string, string>>,
  ownKeys: readonly string[],
  changes: Readonly<Record<string, string>>,
): Record<string, string> {
  const own = new Set(ownKeys);
  return {
    ...Object.fromEntries(Object.entries(draft).filter(([key]) => !own.has(key))),
    ...changes,
  };
}

export const sameWords = (one: Readonly<Record<string, string>>, other: Readonly<Record<string, string>>) =>
  Object.keys(one).length === Object.keys(other).length &&
  Object.entries(one).every(([key, value]) => other[key] === value);
