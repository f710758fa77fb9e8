// What the studio's Site section asks of its back end: the real one speaks supabase-js
// (api/supabase-site-backend.ts); tests hand the section their own.
import type { ResumableUpload, UploadProgress } from '../../model/resumable-upload';
import type { CheckedPicture } from '../../pictures/inspect-picture';

/** A publish of the owner's words: the newest is what visitors see. */
export interface SiteVersion {
  id: number;
  publishedAt: string;
  publishedBy: string;
  /** The version this one published again, if it was a restore. */
  restoredFrom: number | null;
}

/** The owner's words as the database keeps them: the fields she changed, drafted and published. */
export interface StudioSiteWords {
  draft: Readonly<Record<string, string>>;
  published: Readonly<Record<string, string>>;
  /** The last versions, newest first. */
  versions: SiteVersion[];
}

/** A refusal the owner can act on, in the database's words, as opposed to a failure to reach it. */
export class SiteRefusal extends Error {}

/**
 * The owner's words, the page's and the e-mails': each call answers them as the database now holds them; each
 * failure rejects (a SiteRefusal with words).
 */
export interface WordsBackend {
  load(): Promise<StudioSiteWords>;
  /** Keeps `changes` (the fields that differ from the shipped words) as the draft. */
  saveDraft(changes: Readonly<Record<string, string>>): Promise<StudioSiteWords>;
  /** Publishes the draft as the newest version. */
  publish(): Promise<StudioSiteWords>;
  /** Publishes version `id` again, as the newest, and makes it the draft. */
  restore(id: number): Promise<StudioSiteWords>;
}

/** The Site section's: the words, and the uploads of its pictures and the teaser's files. */
export interface SiteBackend extends WordsBackend {
  /** Stores a picture in the public bucket under a name made from its content; answers that name. */
  uploadPicture(picture: CheckedPicture): Promise<string>;
  /** Uploads the teaser's video to `name` in the public bucket "teaser", in resumable pieces. */
  uploadTeaserVideo(
    name: string,
    file: File,
    onProgress: (progress: UploadProgress) => void,
  ): ResumableUpload;
  /** Uploads the teaser's captions (WebVTT) to `name` in the public bucket "teaser". */
  uploadTeaserCaptions(name: string, vtt: string): Promise<void>;
}
