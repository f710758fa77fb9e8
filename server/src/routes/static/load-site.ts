import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contentTypeOf } from '../../storage/content-types.ts';

export interface SiteFile {
  contentType: string;
  etag: string;
  cacheControl: string;
  identity: Uint8Array<ArrayBuffer>;
  /** Variants written at build time (`file.br`, `file.gz`), so no request pays for compression. */
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

/** The site as served: replaced whole when the owner publishes (server/src/site/published-site.ts). */
export interface Site {
  files: ReadonlyMap<string, SiteFile>;
  notFound: SiteFile | undefined;
}

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them forever. */
function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

function* walk(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Reads the built site into memory once at start: it is small, and serving from memory is the fastest path. */
export function loadSite(distDir: string): Site {
  const files = new Map<string, SiteFile>();
  if (!existsSync(distDir)) return { files, notFound: undefined };
  for (const file of walk(distDir)) {
    const segments = path.relative(distDir, file).split(path.sep);
    // Build bookkeeping (.vite/manifest.json, .build-stamp) and the compressed variants are not pages.
    if (segments.some((segment) => segment.startsWith('.')) || /\.(br|gz)$/.test(file)) continue;
    const urlPath = '/' + segments.join('/');
    const identity = new Uint8Array(readFileSync(file));
    const readVariant = (suffix: string) =>
      existsSync(file + suffix) ? new Uint8Array(readFileSync(file + suffix)) : undefined;
    files.set(urlPath, siteFile(urlPath, identity, { br: readVariant('.br'), gzip: readVariant('.gz') }));
  }
  return { files, notFound: files.get('/404.html') };
}

/** A file as served at `urlPath`: its bytes, their ETag, and the compressed variants there are. */
export function siteFile(
  urlPath: string,
  identity: Uint8Array<ArrayBuffer>,
  { br, gzip }: { br?: Uint8Array<ArrayBuffer> | undefined; gzip?: Uint8Array<ArrayBuffer> | undefined },
): SiteFile {
  return {
    contentType: contentTypeOf(urlPath),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    cacheControl: cacheControlFor(urlPath),
    identity,
    ...(br && { br }),
    ...(gzip && { gzip }),
  };
}
