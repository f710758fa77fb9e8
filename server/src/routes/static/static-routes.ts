import path from 'node:path';
import { type Context, Hono } from 'hono';
import { parseRange } from '../../http/byte-range.ts';
import type { ClientAddress } from '../../http/client-address.ts';
import type { CountedPage, PageViewCounter } from '../../page-views/page-view-counter.ts';
import { pageViewSource } from '../../page-views/page-view-source.ts';
import type { Site, SiteFile } from './load-site.ts';

function encodingFor(file: SiteFile, acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepts = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0+)?(\\s*,|$))`).test(acceptEncoding);
  if (file.br && accepts('br')) return 'br';
  if (file.gzip && accepts('gzip')) return 'gzip';
  return undefined;
}

function decodedPathname(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return '';
  }
}

/**
 * The file a path names: the file itself, or for a clean URL without an extension the prerendered page of that
 * name (`/privacy` → privacy.html, else privacy/index.html), as static hosts resolve them.
 */
function fileFor(site: Site, pathname: string): SiteFile | undefined {
  if (!pathname.startsWith('/')) return undefined;
  const exact = site.files.get(pathname);
  if (exact) return exact;
  if (pathname.endsWith('/')) return site.files.get(`${pathname}index.html`);
  if (path.posix.extname(pathname) !== '') return undefined;
  return site.files.get(`${pathname}.html`) ?? site.files.get(`${pathname}/index.html`);
}

/** The page whose views the counter counts that `file` is, whichever of its addresses was asked for. */
function countedPage(site: Site, file: SiteFile): CountedPage | undefined {
  if (file === site.files.get('/index.html')) return '/';
  if (file === (site.files.get('/course.html') ?? site.files.get('/course/index.html'))) return '/course';
  return undefined;
}

const FETCH_SITES = new Set(['none', 'same-origin', 'same-site', 'cross-site']);

/**
 * A page view is a browser opening the page: a GET with every header current browsers send with a navigation
 * (Sec-Fetch-Mode, -Dest and -Site, an Accept naming HTML, a User-Agent), so uptime monitors, link checkers,
 * HEAD requests, crawlers and a script that sends one of them are not counted.
 */
function isBrowserNavigation(c: Context): boolean {
  const header = (name: string) => c.req.header(name) ?? '';
  return (
    c.req.method === 'GET' &&
    header('sec-fetch-mode') === 'navigate' &&
    header('sec-fetch-dest') === 'document' &&
    FETCH_SITES.has(header('sec-fetch-site')) &&
    /(^|[\s,])text\/html(\s*[;,]|$)/i.test(header('accept')) &&
    header('user-agent').trim() !== ''
  );
}

/** What counting page views takes: the counter, and who the visitor is (the counter keeps only a daily hash). */
export interface PageViewCounting {
  counter: Pick<PageViewCounter, 'count'>;
  clientAddress: ClientAddress;
}

/**
 * The built site: `/` is index.html, `/name` its prerendered page, unknown paths the 404 page with status 404.
 * Each request reads `site` as it is then: a publish replaces its pages between two requests.
 */
export function staticRoutes(site: Site, pageViews?: PageViewCounting): Hono {
  const routes = new Hono();
  routes.get('*', (c) => {
    const pathname = decodedPathname(c.req.url);
    const found = fileFor(site, pathname);
    const file = found ?? site.notFound;
    if (!file) return c.text('Not found', 404);
    const status = found ? 200 : 404;
    const counted = found && countedPage(site, found);
    // Counted before the answer is chosen: a revalidated page (304) is a view as much as a downloaded one.
    if (counted && pageViews && isBrowserNavigation(c))
      pageViews.counter.count(
        counted,
        { address: pageViews.clientAddress(c), userAgent: c.req.header('user-agent') ?? '' },
        pageViewSource({
          url: c.req.url,
          referrer: c.req.header('referer'),
          fetchSite: c.req.header('sec-fetch-site'),
        }),
      );

    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', file.cacheControl);
    c.header('ETag', file.etag);
    c.header('Vary', 'Accept-Encoding');
    if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304);

    const encoding = encodingFor(file, c.req.header('accept-encoding') ?? '');
    let body = (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
    if (encoding) c.header('Content-Encoding', encoding);
    else if (status === 200) {
      c.header('Accept-Ranges', 'bytes');
      const range = parseRange(c.req.header('range'), file.identity.byteLength);
      if (range === 'unsatisfiable') {
        c.header('Content-Range', `bytes */${file.identity.byteLength}`);
        return c.body(null, 416);
      }
      if (range) {
        body = file.identity.subarray(range.start, range.end + 1);
        c.header('Content-Range', `bytes ${range.start}-${range.end}/${file.identity.byteLength}`);
        c.header('Content-Length', String(body.byteLength));
        return c.body(body, 206);
      }
    }
    c.header('Content-Length', String(body.byteLength));
    return c.body(body, status);
  });
  return routes;
}
