/**
 * The address of a file the owner uploaded in the studio to a public bucket: a picture (site words of the kind
 * 'picture', in "guides") or the teaser's video and captions (in "teaser"), as supabase-js's getPublicUrl makes
 * it, without loading supabase-js. On the embedded back end (no VITE_SUPABASE_URL) it is a path on the site
 * itself, so a page prerendered by the server needs no address of its own. `name` is one the database checked: a
 * name the studio gave, which needs no encoding.
 */
export const publicFileUrl = (bucket: 'guides' | 'teaser', name: string) =>
  `${import.meta.env.VITE_SUPABASE_URL ?? ''}/storage/v1/object/public/${bucket}/${name}`;
