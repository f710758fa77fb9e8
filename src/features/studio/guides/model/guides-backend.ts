import type { CheckedPicture } from '../../pictures/inspect-picture';

/** A guide as the studio lists it: every one, hidden ones too, in carousel order. */
export interface StudioGuide {
  id: number;
  name: string;
  title: string;
  quote: string | null;
  /** As stored: an http(s) address or a path in the bucket "guides"; null for none. */
  imageUrl: string | null;
  /** The address the browser loads for `imageUrl` (null: the card's drawn fallback). */
  imageSrc: string | null;
  isActive: boolean;
}

/** What the form saves: a new guide (`id` null, added at the end and shown) or an existing one's words and picture. */
interface GuideDraft {
  id: number | null;
  name: string;
  title: string;
  quote: string;
  imageUrl: string | null;
}

/**
 * A refusal the owner can act on (the database's own words, such as "Name must not be empty."), as opposed to
 * a failure to reach the server at all.
 */
export class GuidesRefusal extends Error {}

/**
 * Everything the Guides section asks of its back end. The real one speaks supabase-js
 * (api/supabase-guides-backend.ts); tests hand the components their own. Every change answers the whole list
 * as the database now holds it; every failure rejects (a GuidesRefusal when the server said why).
 */
export interface GuidesBackend {
  list(): Promise<StudioGuide[]>;
  save(draft: GuideDraft): Promise<StudioGuide[]>;
  /** Every guide's id, in the new order. */
  reorder(ids: readonly number[]): Promise<StudioGuide[]>;
  setActive(id: number, active: boolean): Promise<StudioGuide[]>;
  /** Deletes the guide for good (its picture stays in the bucket). */
  remove(id: number): Promise<StudioGuide[]>;
  /** Stores the picture in the public bucket "guides" under a name made from its content; answers that path. */
  uploadPicture(picture: CheckedPicture): Promise<string>;
}
