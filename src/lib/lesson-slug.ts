// A lesson's slug, its name in links (/course?lesson=SLUG), as the owner's tool and the studio make and check it.

/** Lower-case letters and digits in words joined by single hyphens (the database's check says the same). */
export const LESSON_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** "Lens one: trends" → "lens-one-trends"; accents are dropped, anything else that is not a letter splits. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
