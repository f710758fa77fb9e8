import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { tryDecodeURIComponent } from 'hono/utils/url';
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

/** A URL's SQL statement, and the key its answers are cached under. */
interface Query {
  statement: SelectStatement;
  key: string;
}

export interface RestOptions {
  /** The public key the API accepts; a request without `apikey` is anonymous too. */
  anonKey: string;
  /** How long an answer is served again to the same query (decision 0041). */
  cacheMs?: number;
  now?: () => number;
}

const REST_PATH = '/rest/v1';

/** One second: an owner's change shows within a second, and under load the database answers once a second. */
const DEFAULT_CACHE_MS = 1000;

const JSON_HEADERS = securedHeaders({ 'content-type': 'application/json; charset=utf-8' });

/** Supabase's gateway answers an unknown key before PostgREST sees the request, in its own shape. */
const INVALID_KEY = JSON.stringify({
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` API key.',
});

/** A read's answer, or a 304 when the browser already holds it. */
function reply({ body, etag, headers }: Answer, ifNoneMatch: string | undefined): Response {
  return ifNoneMatch === etag
    ? securedResponse(null, 304, headers.notModified)
    : securedResponse(body, 200, headers.ok);
}

function refusal(error: unknown): Response {
  const postgrestError = error instanceof PostgrestError ? error : fromDatabaseError(error);
  return securedResponse(JSON.stringify(postgrestError.toJSON()), postgrestError.status, JSON_HEADERS);
}

/**
 * The read-only PostgREST subset at /rest/v1/<table>, as an app of its own. Every query runs in a
 * transaction as role `anon`, so the migrations' grants and row-level-security policies decide what a visitor
 * sees, as on hosted Supabase.
 *
 * Every visitor is `anon`, so the answer to a query is the same for all: identical reads share one database
 * round trip, and its answer is served again for `cacheMs`. Answers carry an ETag and `no-cache`, so a browser
 * revalidates every time and gets a 304 when nothing changed.
 *
 * Every path under /rest/v1 has one handler and no middleware, and every answer carries its own security
 * headers: a cached read is then one synchronous Response, which Node's adapter writes at once
 * (decision 0057).
 */
export function restRoutes(db: Database, options: RestOptions): Hono {
  let catalog: Promise<Catalog> | undefined;
  const cached = answerCache<Answer>({
    ttlMs: options.cacheMs ?? DEFAULT_CACHE_MS,
    maxEntries: 100,
    ...(options.now && { now: options.now }),
  });
  // The statement each of the first 100 distinct URLs becomes (the carousel asks the same one every time), so
  // a cached answer costs no parsing; other URLs and refused queries are parsed each time.
  const statements = new Map<string, Query>();

  const prepare = async (url: string, table: string): Promise<Query> => {
    catalog ??= loadCatalog(db).catch((error: unknown) => {
      catalog = undefined;
      throw error;
    });
    const statement = buildSelect(await catalog, table, new URL(url).searchParams);
    const query = { statement, key: JSON.stringify([statement.text, statement.params]) };
    if (statements.size < 100) statements.set(url, query);
    return query;
  };

  const readAsAnon = ({ statement, key }: Query): Answer | Promise<Answer> =>
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

  const answer = (c: Context): Response | Promise<Response> => {
    try {
      const key = requestHeader(c, 'apikey');
      if (key !== undefined && key !== options.anonKey)
        return securedResponse(INVALID_KEY, 401, JSON_HEADERS);
      // /rest/v1/ itself (PostgREST's OpenAPI document, not served here) and deeper paths (rpc/…). Hono
      // decodes the path as decodeURI does, so an encoded "/" stays in the name, as in a route parameter.
      const segment = c.req.path.slice(`${REST_PATH}/`.length);
      if (segment === '' || segment.includes('/')) {
        throw new PostgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
      }
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        throw new PostgrestError(
          405,
          'PGRST117',
          `Unsupported HTTP method: ${c.req.method}`,
          'The embedded back end serves reads only; guides are managed with the service role.',
        );
      }
      const profile = requestHeader(c, 'accept-profile');
      if (profile && profile !== 'public') {
        throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
      }
      const url = c.req.url;
      const query = statements.get(url) ?? prepare(url, tryDecodeURIComponent(segment));
      const read = query instanceof Promise ? query.then(readAsAnon) : readAsAnon(query);
      const ifNoneMatch = requestHeader(c, 'if-none-match');
      return read instanceof Promise
        ? read.then((ready) => reply(ready, ifNoneMatch), refusal)
        : reply(read, ifNoneMatch);
    } catch (error) {
      return refusal(error);
    }
  };

  // One wildcard keeps Hono on its RegExpRouter, which matches in one regular expression.
  return new Hono().basePath(REST_PATH).all('*', answer);
}
