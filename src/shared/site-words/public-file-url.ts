/**
 * The address of a file the owner uploaded in the studio to a public bucket: a picture (site words of the kind
 * 'picture', in "guides") or the teaser's video and captions (in "teaser"), as supabase-js's getPublicUrl makes
 * it, without loading supabase-js. On the embedded back end (no VITE_SUPABASE_URL) it is a path on the site
 * itself, so a page prerendered by the server needs no address of its own.
 */
export function publicFileUrl(
  bucket: 'guides' | 'teaser',
  name: string,
  apiUrl = import.meta.env.VITE_SUPABASE_URL ?? '',
): string {
  return `${apiUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${encodeURIComponent(name)}`;
}
