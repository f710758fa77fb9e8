import { hydrateIslands } from '@/app/islands/hydrate-islands';
import { homeIslands } from '@/app/routes/home-islands';
import { stopRecordingEarlyIntents } from '@/lib/early-intent';
import { readEmbeddedWords } from '@/shared/site-words/embedded-words';

/** Takes over the prerendered landing page's islands; the rest of it stays the HTML it arrived as. */
export function hydrate() {
  stopRecordingEarlyIntents();
  hydrateIslands(document, homeIslands, readEmbeddedWords(document));
}
