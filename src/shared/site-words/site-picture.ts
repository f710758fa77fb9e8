/**
 * The address of a picture the owner uploaded in the studio (a site word of the kind 'picture'): the public bucket
 * "guides" of the back end, as supabase-js's getPublicUrl makes it, without loading supabase-js. On the embedded
 * back end (no VITE_SUPABASE_URL) it is a path on the site itself, so a page prerendered by the server needs no
 * address of its own.
 */
export function sitePictureUrl(name: string, apiUrl = import.meta.env.VITE_SUPABASE_URL ?? ''): string {
  return `${apiUrl.replace(/\/+$/, '')}/storage/v1/object/public/guides/${encodeURIComponent(name)}`;
}
