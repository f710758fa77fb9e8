import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingPageCopy } from './landing-page';
import { paragraphsOf, siteWordFields, siteWordsWith } from './site-words';

describe('the site words', () => {
  it('hold each field to the rules the database holds it to', () => {
    const migration = readFileSync(path.resolve('supabase/migrations/20261203000200_site_words.sql'), 'utf8');
    const rows = [...migration.matchAll(/\('([\w.]+)', '(\w+)', (\d+), (true|false)\)/g)].map(
      ([, key, kind, maxLength, required]) => [
        key,
        { kind, maxLength: Number(maxLength), required: required === 'true' },
      ],
    );
    const fields = Object.entries(siteWordFields).map(([key, { kind, maxLength, required }]) => [
      key,
      { kind, maxLength, required },
    ]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(fields));
  });

  it('default to the shipped words, each within its own rules', () => {
    for (const [key, field] of Object.entries(siteWordFields)) {
      expect(field.default.length, key).toBeLessThanOrEqual(field.maxLength);
    }
    const indexHtml = readFileSync(path.resolve('index.html'), 'utf8');
    expect(indexHtml).toContain(`<title>${landingPageCopy.title}</title>`);
    expect(indexHtml).toContain(`content="${landingPageCopy.description}"`);
  });

  it('show the owner’s words over the defaults, ignoring what is no field', () => {
    const words = siteWordsWith({ 'about.founderName': 'Sam Rivera', 'page.script': '<script>' });
    expect(words['about.founderName']).toBe('Sam Rivera');
    expect(words['hero.headlineClean']).toBe('What should I do for a living?');
    expect(words).not.toHaveProperty('page.script');
    expect(siteWordsWith({ 'footer.partnersLabel': '' })['footer.partnersLabel']).toBe('');
  });

  it('split paragraphs at blank lines', () => {
    expect(paragraphsOf('One.\n\n  Two,\nstill two. \n \n\n')).toEqual(['One.', 'Two,\nstill two.']);
  });
});
