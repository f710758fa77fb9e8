/** The Site section's back end: the database's studio_*site_words functions. */
import { z } from '@/lib/zod';
import { uploadResumably, uploadSmallFile } from '../../api/bucket-uploads';
import { studioRpc } from '../../api/studio-rpc';
import { uploadPublicPicture } from '../../pictures/upload-picture';
import { type SiteBackend, SiteRefusal, type StudioSiteWords } from '../model/site-backend';

const words = z.record(z.string(), z.string());
const studioSiteWords = z.object({
  draft: words,
  published: words,
  versions: z.array(
    z.object({
      id: z.number(),
      published_at: z.string(),
      published_by: z.string(),
      restored_from: z.nullable(z.number()),
    }),
  ),
});

async function call(name: string, args?: Record<string, unknown>): Promise<StudioSiteWords> {
  const answer = await studioRpc(name, args, studioSiteWords, SiteRefusal);
  return {
    draft: answer.draft,
    published: answer.published,
    versions: answer.versions.map((version) => ({
      id: version.id,
      publishedAt: version.published_at,
      publishedBy: version.published_by,
      restoredFrom: version.restored_from,
    })),
  };
}

export const supabaseSiteBackend: SiteBackend = {
  load: () => call('studio_site_words'),
  saveDraft: (changes) => call('studio_save_site_words', { words: changes }),
  publish: () => call('studio_publish_site_words'),
  restore: (id) => call('studio_restore_site_words', { version_id: id }),
  uploadPicture: uploadPublicPicture,
  uploadTeaserVideo: (name, file, onProgress) => uploadResumably('teaser', name, file, onProgress),
  uploadTeaserCaptions: (name, vtt) =>
    uploadSmallFile('teaser', name, new Blob([vtt], { type: 'text/vtt' }), 'text/vtt; charset=utf-8'),
};
