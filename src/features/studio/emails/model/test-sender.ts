import type { WordedEmail } from '@/content/emails';

/**
 * Sends the owner one e-mail in the words of her saved draft, marked as a test, at her own address; answers that
 * address. Rejects with a SiteRefusal when the back end says why not (too many tests, signed out).
 */
export type TestSender = (email: WordedEmail) => Promise<string>;
