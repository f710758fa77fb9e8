/**
 * The owner's words for the learners' e-mails, as the e-mail core reads them: the published ones at send time,
 * her draft for a test she sends herself. Both are site-words fields (`email.*`), over the shipped words of
 * src/content/emails.ts.
 */
import { z } from 'zod';
import { type EmailWords, emailWordsWith } from '../../../src/content/emails.ts';
import type { Sql } from './sql-port.ts';

const words = z.array(z.object({ words: z.record(z.string(), z.string()) }));

async function wordsOf(db: Sql, query: string): Promise<EmailWords> {
  const [row] = words.parse(await db.query(query));
  return emailWordsWith(row?.words ?? {});
}

/** The e-mails' words as published now (the shipped ones before she publishes any). */
export const publishedEmailWords = (db: Sql) => wordsOf(db, 'select public.published_email_words() as words');

/** The e-mails' words in her draft: what a test sends before she publishes it. */
export const draftEmailWords = (db: Sql) => wordsOf(db, 'select words from public.site_words_draft');
