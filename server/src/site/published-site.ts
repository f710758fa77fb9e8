// The embedded server's side of the owner's site words and lessons: when she publishes (or restores) a version of
// her words, or her published lessons change, this clock renders the prerendered pages again in-process, in her
// words and with her lessons' outline, and serves them from the next request on, with new ETags. The build's server
// bundle and page template beside dist/ (dist-ssr/, scripts/build.mjs) make them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { z } from 'zod';
import { OUTLINE_COLUMNS } from '../../../supabase/course-outline-columns.mjs';
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { Database } from '../db/database.ts';
import { startPeriodicPass } from '../jobs/periodic-pass.ts';
import { type Site, siteFile } from '../routes/static/load-site.ts';
import { OUTLINE_FILE, PAGES_FILE, renderPages, rendererFolderOf, TEMPLATE_FILE } from './render-pages.mjs';

const versionRow = z.object({ id: z.coerce.number(), words: z.record(z.string(), z.string()) });

/**
 * The newest published version (its id and the page's fields it changes, not the e-mails'), or undefined before
 * the first publish.
 */
async function latestSiteWords(db: Database) {
  const [row] = await db.query(
    'select id, public.published_site_words() as words from public.site_words_versions order by id desc limit 1',
  );
  return row === undefined ? undefined : versionRow.parse(row);
}

/** The published lessons' rows of the view `course_outline`, as /course reads them (its columns, its order). */
const publishedOutlineRows = (db: Database) =>
  db.query(`select ${OUTLINE_COLUMNS} from public.course_outline order by order_index, slug`);

/** The rows the build rendered /course with, as JSON; undefined when it kept none (or none readable). */
async function builtOutline(distDir: string): Promise<string | undefined> {
  const file = path.join(rendererFolderOf(path.resolve(distDir)), OUTLINE_FILE);
  return readFile(file, 'utf8')
    .then((text) => JSON.stringify(JSON.parse(text)))
    .catch(() => undefined);
}

/** Pages smaller than this are served as they are, as the build leaves them. */
const COMPRESS_FROM_BYTES = 1024;

// Compressed off the main thread: a request meanwhile is answered from the pages still served.
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The built site with its prerendered pages rendered again in `words` (the fields the owner changed) and with
 * `outlineRows` (her published lessons), compressed as the build compresses them; every other file as it was.
 */
async function renderSite(
  distDir: string,
  site: Site,
  words: Record<string, string>,
  outlineRows: unknown[],
): Promise<Site> {
  const renderer = rendererFolderOf(path.resolve(distDir));
  const ssr: unknown = await import(pathToFileURL(path.join(renderer, 'entry-server.js')).href);
  const template = await readFile(path.join(renderer, TEMPLATE_FILE), 'utf8');
  const pages: unknown = JSON.parse(await readFile(path.join(renderer, PAGES_FILE), 'utf8'));
  // The build wrote the site's public address into the template: the landing page's canonical link.
  const siteUrl = /<link rel="canonical" href="([^"]*)\/"/.exec(template)?.[1] ?? '';
  const files = new Map(site.files);
  for (const [file, html] of renderPages({ ssr, template, pages, siteUrl, words, outlineRows })) {
    const urlPath = `/${file}`;
    const identity = new Uint8Array(Buffer.from(html));
    const compressed = identity.byteLength >= COMPRESS_FROM_BYTES;
    const [br, gz] = compressed
      ? await Promise.all([
          brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzipped(identity, { level: 9 }),
        ])
      : [];
    files.set(
      urlPath,
      siteFile(urlPath, identity, {
        br: br && new Uint8Array(br),
        gzip: gz && new Uint8Array(gz),
      }),
    );
  }
  return { files, notFound: files.get('/404.html') };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Asks a static host to build the site again (its build hook takes an empty POST); a failure is logged. */
async function callDeployHook(url: string, log: Log, version: number) {
  try {
    const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    log.info({ event: 'site.deploy_hook_called', version });
  } catch (error) {
    log.error({ event: 'site.deploy_hook_failed', version, message: messageOf(error) });
  }
}

/**
 * Checks every `intervalSeconds` for a newer published version of the words and for a change of the published
 * lessons' outline, and serves the pages rendered with them once they are (the site as built until then); a version
 * published while it runs also calls the static host's build hook, when there is one, whether or not this server
 * renders pages. A version whose pages' words are those already served (it changed only the e-mails') leaves the
 * pages, and the static host, as they are, unless the outline changed too. Each version, and each outline, is tried
 * once: a failure is logged (and the site stays as it was), and the next is tried when it comes.
 */
export function startSitePublisher(
  db: Database,
  log: Log,
  site: Site,
  options: { distDir: string; intervalSeconds: number; deployHookUrl?: string | undefined },
): { stop(): Promise<void> } {
  let tried: number | undefined;
  let checked = false;
  /** The pages' words rendered last, as JSON; the build's may be any (`SITE_WORDS_FROM`), so the first is rendered. */
  let served: string | undefined;
  /** The outline's rows rendered (or tried) last, as JSON: at first, the build's. */
  let triedOutline: string | undefined;
  const pass = async () => {
    let latest: Awaited<ReturnType<typeof latestSiteWords>>;
    let outlineRows: unknown[];
    try {
      if (!checked) triedOutline = await builtOutline(options.distDir);
      [latest, outlineRows] = await Promise.all([latestSiteWords(db), publishedOutlineRows(db)]);
    } catch (error) {
      log.error({ event: 'site.publish_check_failed', message: messageOf(error) });
      return;
    }
    const newVersion = latest !== undefined && latest.id !== tried;
    const isNew = checked && newVersion;
    checked = true;
    const outline = JSON.stringify(outlineRows);
    // A build that kept no outline (or no build: `npm run dev`) is not rendered again for it.
    triedOutline ??= outline;
    const newOutline = outline !== triedOutline;
    if (!newVersion && !newOutline) return;
    tried = latest?.id;
    triedOutline = outline;
    const version = latest?.id;
    const words = JSON.stringify(latest?.words ?? {});
    if (words === served && !newOutline) {
      log.info({ event: 'site.pages_unchanged', version });
      return;
    }
    if (isNew && latest !== undefined && words !== served && options.deployHookUrl)
      void callDeployHook(options.deployHookUrl, log, latest.id);
    try {
      Object.assign(site, await renderSite(options.distDir, site, latest?.words ?? {}, outlineRows));
      served = words;
      log.info({ event: 'site.published', version });
    } catch (error) {
      log.error({ event: 'site.publish_failed', version, message: messageOf(error) });
    }
  };
  return startPeriodicPass(pass, options.intervalSeconds);
}
