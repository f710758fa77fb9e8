/**
 * "Did you mean …?" for an e-mail whose domain looks like a typo of a well-known one (sam@gmial.com →
 * sam@gmail.com). The checker is imported on first use, so it never weighs on the page's first load.
 */
import type * as SpellCheckerModule from '@zootools/email-spell-checker';

type SpellChecker = typeof SpellCheckerModule;

let checker: Promise<SpellChecker> | undefined;

/** Starts loading the checker (when the visitor reaches the e-mail field), so the first suggestion is quick. */
export function loadEmailSpellChecker(): Promise<SpellChecker> {
  checker ??= import('@zootools/email-spell-checker').catch((error: unknown) => {
    // Offline or a stale deploy: a later call tries again.
    checker = undefined;
    throw error;
  });
  return checker;
}

/**
 * The address with its domain corrected, or null when the domain looks right or the value is no address yet.
 * The part before the @ is kept as typed.
 */
export async function suggestEmail(email: string): Promise<string | null> {
  const typed = email.trim();
  const at = typed.lastIndexOf('@');
  if (at <= 0 || at === typed.length - 1) return null;
  const { run } = await loadEmailSpellChecker();
  const suggestion = run({ email: typed });
  if (!suggestion) return null;
  const corrected = `${typed.slice(0, at)}@${suggestion.domain}`;
  return corrected.toLowerCase() === typed.toLowerCase() ? null : corrected;
}
