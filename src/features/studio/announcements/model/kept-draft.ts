import { z } from '@/lib/zod';
import type { AnnouncementDraft } from './announcements-backend';

/**
 * The announcement she is writing, kept on this device (localStorage) as she types, so a reload, a closed tab or
 * a visit to another section loses nothing. Its request key is kept with it: a send whose answer was lost, tried
 * again after a reload, is still the same send and goes out once. A sent draft is forgotten.
 */
const KEY = 'three-lenses.studio.announcement-draft.v1';

const keptSchema = z.object({ subject: z.string(), text: z.string(), requestKey: z.uuid() });

export interface KeptDraft {
  draft: AnnouncementDraft;
  requestKey: string;
}

/** The kept draft, or a new empty one with a key of its own when there is none (or it cannot be read). */
export function readKeptDraft(storage: Storage = window.localStorage): KeptDraft {
  try {
    const parsed = keptSchema.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'));
    if (parsed.success) {
      const { subject, text, requestKey } = parsed.data;
      return { draft: { subject, text }, requestKey };
    }
  } catch {
    // Unreadable or blocked: she starts from an empty draft.
  }
  return { draft: { subject: '', text: '' }, requestKey: crypto.randomUUID() };
}

/** Keeps the draft; an empty one is forgotten. Storage full or blocked: the draft lives as long as the page. */
export function keepDraft({ draft, requestKey }: KeptDraft, storage: Storage = window.localStorage) {
  try {
    if (draft.subject === '' && draft.text === '') storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify({ ...draft, requestKey }));
  } catch {
    // Nothing to keep it in.
  }
}
