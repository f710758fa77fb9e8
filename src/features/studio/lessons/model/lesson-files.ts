// Where a new lesson's files go in the bucket "course", and which pictures may be its poster.
import { PICTURE_TYPES, sniffPicture } from '@/lib/guide-rules';

/** A poster the course shows: JPEG, PNG or WebP, as the owner's tool takes them too. */
const POSTER_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
type PosterExtension = (typeof POSTER_EXTENSIONS)[number];

/** The poster's extension and type from its first bytes, or null when it is no picture the course shows. */
export function posterKind(head: Uint8Array): { extension: PosterExtension; contentType: string } | null {
  const kind = sniffPicture(head);
  const extension = POSTER_EXTENSIONS.find((allowed) => allowed === kind);
  return extension ? { extension, contentType: PICTURE_TYPES[extension] } : null;
}

/**
 * The lesson's folder, `lessons/<slug>/`, with fixed names in it: the same video picked again resumes its
 * upload to the same place.
 */
export function lessonFilePaths(slug: string, video: { type: string }, posterExtension: PosterExtension) {
  const folder = `lessons/${slug}`;
  return {
    video: `${folder}/video.${videoExtension(video)}`,
    captions: `${folder}/captions.vtt`,
    poster: `${folder}/poster.${posterExtension}`,
  };
}

/**
 * New names, in the lesson's folder, for the files that replace its own: no cache or open player meets a changed
 * file under an old name. The same video picked again gets the same name, so its upload resumes; `now` tells
 * the small files apart.
 */
export function replacementPaths(
  slug: string,
  video: { type: string; size: number; lastModified: number } | null,
  posterExtension: PosterExtension,
  now: number,
) {
  const folder = `lessons/${slug}`;
  const stamp = now.toString(36);
  return {
    video:
      video &&
      `${folder}/video-${video.size.toString(36)}-${video.lastModified.toString(36)}.${videoExtension(video)}`,
    captions: `${folder}/captions-${stamp}.vtt`,
    poster: `${folder}/poster-${stamp}.${posterExtension}`,
  };
}

const videoExtension = (video: { type: string }) => (video.type === 'video/webm' ? 'webm' : 'mp4');

/** The order of `ids` with `id` moved one place up (-1) or down (+1); null when it is already at that end. */
export function movedOrder(ids: readonly number[], id: number, step: -1 | 1): number[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  order.splice(from, 1);
  order.splice(to, 0, id);
  return order;
}
