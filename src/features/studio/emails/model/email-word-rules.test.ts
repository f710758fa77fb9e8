import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailWordDefaults } from '@/content/emails';
import { emailWordKeys, emailWordRules } from '@/content/email-word-rules';
import { studioEmailsCopy } from '@/content/studio-emails';
import { strayPlaceholder } from './email-word-problems';

describe('the e-mails’ words', () => {
  it('hold each field to the rules the database holds it to', () => {
    const migration = readFileSync(
      path.resolve('supabase/migrations/20261203000300_email_words.sql'),
      'utf8',
    );
    const rows = [
      ...migration.matchAll(/\('(email\.[\w.]+)', 'text', (\d+), true, '\{([\w,]*)\}', (true|false)\)/g),
    ].map(([, key, maxLength, placeholders, oneLine]) => [
      key,
      {
        maxLength: Number(maxLength),
        oneLine: oneLine === 'true',
        placeholders: placeholders ? placeholders.split(',') : [],
      },
    ]);
    expect(Object.fromEntries(rows)).toEqual(emailWordRules);
  });

  it('each have a label in exactly one e-mail of the studio’s form', () => {
    const listed = Object.values(studioEmailsCopy.emails).flatMap((email) => Object.keys(email.fields));
    expect([...listed].sort()).toEqual([...emailWordKeys].sort());
  });

  it('default to the shipped words, each within its own rules', () => {
    for (const key of emailWordKeys) {
      const rule = emailWordRules[key];
      expect(emailWordDefaults[key].length, key).toBeLessThanOrEqual(rule.maxLength);
      expect(strayPlaceholder(emailWordDefaults[key], rule.placeholders), key).toBeUndefined();
    }
  });
});
