import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingPageCopy } from './landing-page';
import { everySiteWordDefault, everySiteWordWith, siteWordKeys, siteWordRules } from './site-word-rules';
import { paragraphsOf } from './site-words';
import { studioSiteCopy } from './studio-site';

describe('the site words', () => {
  it('hold each field to the rules the database holds it to', () => {
    const folder = path.resolve('supabase/migrations');
    const migration = readdirSync(folder)
      .map((file) => readFileSync(path.join(folder, file), 'utf8'))
      .filter((sql) => sql.includes('insert into public.site_word_rules'))
      .join('\n');
    const rows = [...migration.matchAll(/\('([\w.]+)', '(\w+)', (\d+), (true|false)\)/g)].map(
      ([, key, kind, maxLength, required]) => [
        key,
        { kind, maxLength: Number(maxLength), required: required === 'true' },
      ],
    );
    const fields = Object.entries(siteWordRules).map(([key, { kind, maxLength, required }]) => [
      key,
      { kind, maxLength, required },
    ]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(fields));
  });

  it('each have a label in exactly one part of the studio’s form', () => {
    const listed = studioSiteCopy.groups.flatMap((group) => Object.keys(group.fields));
    expect([...listed].sort()).toEqual([...siteWordKeys].sort());
  });

  it('default to the shipped words, each within its own rules', () => {
    for (const key of siteWordKeys) {
      expect(everySiteWordDefault[key].length, key).toBeLessThanOrEqual(siteWordRules[key].maxLength);
    }
    const indexHtml = readFileSync(path.resolve('index.html'), 'utf8');
    expect(indexHtml).toContain(`<title>${landingPageCopy.title}</title>`);
    expect(indexHtml).toContain(`content="${landingPageCopy.description}"`);
  });

  it('are the studio’s only where the owner changed them, and only the fields', () => {
    const every = everySiteWordWith({ 'page.title': 'Sam’s course', 'page.script': '<script>' });
    expect(every['page.title']).toBe('Sam’s course');
    expect(every).not.toHaveProperty('page.script');
    expect(everySiteWordWith({ 'footer.partnersLabel': '' })['footer.partnersLabel']).toBe('');
    expect(every['privacy.contact']).toBe('');
    expect(every['nextStep.url']).toBe('/course/plan');
  });

  it('split paragraphs at blank lines', () => {
    expect(paragraphsOf('One.\n\n  Two,\nstill two. \n \n\n')).toEqual(['One.', '  Two,\nstill two. ']);
  });
});
