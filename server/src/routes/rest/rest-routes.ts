import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { type Database, sqlState } from '../../db/database.ts';
import { answerCache } from './answer-cache.ts';
import { buildSelect, type SelectStatement } from './build-select.ts';
import { type Catalog, loadCatalog } from './catalog.ts';
import { PostgrestError } from './postgrest-error.ts';
import { requestHeader } from '../../node-request.ts';
import { securedHeaders, securedResponse } from '../../security-headers.ts';

/** How PostgREST reports database errors to an anonymous caller; anything unlisted is a 400 or a 500. */
function fromDatabaseError(error: unknown): PostgrestError {
  const code = sqlState(error);
  const message = error instanceof Error ? error.message : 'Database error';
  if (code === '42501') return new PostgrestError(401, code, message);
  if (code === '57014') return new PostgrestError(500, code, 'canceling statement due to statement timeout');
  if (code && /^(22|23|42)/.test(code)) return new PostgrestError(400, code, message);
  console.error(JSON.stringify({ event: 'rest.database_error', code, message }));
  return new PostgrestError(500, code ?? 'PGRST000', 'Database error');
}

interface Answer {
  body: string;
  etag: string;
  /** The headers of a 200 and of a 304, built once per answer rather than once per request. */
  headers: { ok: Readonly<Record<string, string>>; notModified: Readonly<Record<string, string>> };
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
 * Every visitor is `anon`, so the answer to a query is the same for all: identical reads share one database
 * round trip, and its answer is served again for `cacheMs`. Answers carry an ETag and `no-cache`, so a browser
 * revalidates every time and gets a 304 when nothing changed.
 */
export function restRoutes(db: Database, options: RestOptions = {}): Hono {
  let catalog: Promise<Catalog> | undefined;
  const cached = answerCache<Answer>({
    ttlMs: options.cacheMs ?? DEFAULT_CACHE_MS,
    maxEntries: 100,
    ...(options.now && { now: options.now }),
  });
  // The statement each of the first 100 distinct URLs becomes (the carousel asks the same one every time), so
  // a cached answer costs no parsing; other URLs and refused queries are parsed each time.
  const statements = new Map<string, { statement: SelectStatement; key: string }>();
  const routes = new Hono();

  const readAsAnon = ({ statement, key }: { statement: SelectStatement; key: string }): Promise<Answer> =>
    cached(key, async () => {
      const rows = await db.transaction(async (tx) => {
        await tx.query('set local role anon');
        await tx.query("set local statement_timeout = '5s'");
        return tx.query<{ body: string }>(statement.text, statement.params);
      });
      const body = rows[0]?.body ?? '[]';
      const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      // no-cache: a browser may keep the answer but asks every time, so it never shows an old list.
      const notModified = { 'cache-control': 'no-cache', etag };
      const ok = { ...notModified, 'content-type': 'application/json; charset=utf-8' };
      return { body, etag, headers: { ok: securedHeaders(ok), notModified: securedHeaders(notModified) } };
    });

  routes.get('/:table', async (c) => {
    const profile = requestHeader(c, 'accept-profile');
    if (profile && profile !== 'public') {
      throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
    catalog ??= loadCatalog(db).catch((error: unknown) => {
      catalog = undefined;
      throw error;
    });
    const known = await catalog;
    const url = c.req.url;
    let query = statements.get(url);
    if (!query) {
      const statement = buildSelect(known, c.req.param('table'), new URL(url).searchParams);
      query = { statement, key: JSON.stringify([statement.text, statement.params]) };
      if (statements.size < 100) statements.set(url, query);
    }
    const { body, etag, headers } = await readAsAnon(query).catch((error: unknown) => {
      throw fromDatabaseError(error);
    });
    if (requestHeader(c, 'if-none-match') === etag) return securedResponse(null, 304, headers.notModified);
    return securedResponse(body, 200, headers.ok);
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
  routes.onError((error, c) => {
    const postgrestError = error instanceof PostgrestError ? error : fromDatabaseError(error);
    return c.json(postgrestError.toJSON(), postgrestError.status);
  });

  return routes;
}
