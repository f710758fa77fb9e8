import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { type Database, sqlState } from '../../db/database.ts';
import { createAnswerCache } from './answer-cache.ts';
import { buildSelect, type SelectStatement } from './build-select.ts';
import { type Catalog, loadCatalog } from './catalog.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * How PostgREST reports database errors to an anonymous caller. A bad value (22…, e.g. `eq.banana` for a
 * boolean) and a denied table pass through as PostgREST passes them. Any other error about the statement's
 * text (syntax, limits) means a request the parser should have refused: the caller gets PostgREST's own parse
 * error, never PostgreSQL's words, and the log keeps them. Anything else is a 500.
 */
function asPostgrestError(error: unknown): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const code = sqlState(error);
  const message = error instanceof Error ? error.message : 'Database error';
  if (code === '42501') return new PostgrestError(401, code, message);
  if (code === '57014') return new PostgrestError(500, code, 'canceling statement due to statement timeout');
  if (code && /^(22|23)/.test(code)) return new PostgrestError(400, code, message);
  if (code && /^(42|54)/.test(code)) {
    console.warn(JSON.stringify({ event: 'rest.unparsed_request', code, message }));
    return new PostgrestError(400, 'PGRST100', 'failed to parse the request');
  }
  console.error(JSON.stringify({ event: 'rest.database_error', code, message }));
  return new PostgrestError(500, code ?? 'PGRST000', 'Database error');
}

/** The query of a request's URL, read without parsing its host: a client's junk Host header is not our error. */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
}

interface Answer {
  body: string;
  etag: string;
}

export interface RestOptions {
  /** How long an answer is served again to the same query (decision 0041). */
  cacheMs?: number;
  now?: () => number;
}

/** One second: an owner's change shows within a second, and under load the database answers once a second. */
const DEFAULT_CACHE_MS = 1000;

/**
 * The read-only PostgREST subset at /rest/v1/<table>. Every query runs in a transaction as role `anon`,
 * so the migrations' grants and row-level-security policies decide what a visitor sees, as on hosted Supabase.
 *
 * Every visitor is `anon`, so the answer to a statement is the same for all: identical reads share one
 * database round trip, and its answer is served again for `cacheMs`. Answers carry an ETag and `no-cache`, so
 * a browser revalidates every time and gets a 304 when nothing changed.
 */
export function restRoutes(db: Database, options: RestOptions = {}): Hono {
  let catalog: Promise<Catalog> | undefined;
  const loadCatalogOnce = () =>
    (catalog ??= loadCatalog(db).catch((error: unknown) => {
      catalog = undefined;
      throw error;
    }));
  const cached = createAnswerCache<Answer>({
    ttlMs: options.cacheMs ?? DEFAULT_CACHE_MS,
    maxEntries: 100,
    ...(options.now && { now: options.now }),
  });

  const readAsAnon = (statement: SelectStatement): Promise<Answer> =>
    cached(JSON.stringify([statement.text, statement.params]), async () => {
      const rows = await db.transaction(async (tx) => {
        await tx.query('set local role anon');
        await tx.query("set local statement_timeout = '5s'");
        return tx.query<{ body: string }>(statement.text, statement.params);
      });
      const body = rows[0]?.body ?? '[]';
      return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    });

  const routes = new Hono();

  routes.get('/:table', async (c) => {
    const profile = c.req.header('accept-profile');
    if (profile && profile !== 'public') {
      throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
    let answer: Answer;
    try {
      const statement = buildSelect(await loadCatalogOnce(), c.req.param('table'), queryOf(c.req.url));
      answer = await readAsAnon(statement);
    } catch (error) {
      throw asPostgrestError(error);
    }
    // no-cache: a browser may keep the answer but asks every time, so it never shows an old list.
    c.header('cache-control', 'no-cache');
    c.header('etag', answer.etag);
    if (c.req.header('if-none-match') === answer.etag) return c.body(null, 304);
    return c.body(answer.body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  routes.all('/:table', (c) => {
    throw new PostgrestError(
      405,
      'PGRST117',
      `Unsupported HTTP method: ${c.req.method}`,
      'The embedded back end serves reads only; guides are managed with the service role.',
    );
  });

  // /rest/v1/ itself (PostgREST's OpenAPI document, not served here) and deeper paths (rpc/…): PostgREST's
  // own 404 shape rather than a bare text answer.
  routes.all('*', () => {
    throw new PostgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
  });

  return routes;
}
