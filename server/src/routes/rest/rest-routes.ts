import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { JwtRejected } from '../../auth/jwt.ts';
import { type Caller, type CallerResolver, type HeaderReader, runAsCaller } from '../../http/caller.ts';
import { type Database, sqlState } from '../../db/database.ts';
import { createAnswerCache } from './answer-cache.ts';
import { buildRpc, loadFunctions, type PublicFunction } from './build-rpc.ts';
import { buildSelect, type SelectStatement } from './build-select.ts';
import { buildUpsert, parsePreferences } from './build-upsert.ts';
import { type Catalog, loadCatalog } from './catalog.ts';
import { nestsDeeperThan } from './json-depth.ts';
import { PostgrestError } from './postgrest-error.ts';

/** Far more than a learner's progress rows need; a bigger body is refused before it is read whole. */
const MAX_BODY_BYTES = 64 * 1024;

/** Deeper than any row or arguments the app sends; deeper JSON is refused before it is parsed. */
const MAX_JSON_DEPTH = 32;

/**
 * How PostgREST reports database errors. A denied table or row is 401 for `anon` and 403 for a signed-in
 * caller; a bad value (22…, e.g. `eq.banana` for a boolean) and a broken constraint pass through as PostgREST
 * passes them. Any other error about the statement's text (syntax, limits) means a request the parser should
 * have refused: the caller gets PostgREST's own parse error, never PostgreSQL's words, and the log keeps them.
 * Anything else is a 500.
 */
function asPostgrestError(error: unknown, caller: Caller): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof JwtRejected) return tokenRefused(error);
  const code = sqlState(error);
  const message = error instanceof Error ? error.message : 'Database error';
  if (code === '42501') return new PostgrestError(caller.role === 'anon' ? 401 : 403, code, message);
  if (code === '57014') return new PostgrestError(500, code, 'canceling statement due to statement timeout');
  if (code === '23503' || code === '23505') return new PostgrestError(409, code, message);
  if (code && /^(22|23)/.test(code)) return new PostgrestError(400, code, message);
  // A function's own `raise exception`: its words are for the caller, as PostgREST passes them.
  if (code === 'P0001') return new PostgrestError(400, code, message);
  if (code && /^(42|54)/.test(code)) {
    console.warn(JSON.stringify({ event: 'rest.unparsed_request', code, message }));
    return new PostgrestError(400, 'PGRST100', 'failed to parse the request');
  }
  console.error(JSON.stringify({ event: 'rest.database_error', code, message }));
  return new PostgrestError(500, code ?? 'PGRST000', 'Database error');
}

/**
 * PostgREST's 401 for a token it cannot trust: PGRST303 for an expired one, PGRST301 for any other, and for
 * one whose session has ended (only the embedded server checks that; PostgREST trusts a token until it expires).
 */
function tokenRefused(error: JwtRejected): PostgrestError {
  return new PostgrestError(
    401,
    error.problem === 'expired' ? 'PGRST303' : 'PGRST301',
    error.message,
    null,
    null,
    { 'www-authenticate': `Bearer error="invalid_token", error_description="${error.message}"` },
  );
}

async function callerOf(callers: CallerResolver, header: HeaderReader): Promise<Caller> {
  try {
    return await callers(header);
  } catch (error) {
    if (!(error instanceof JwtRejected)) throw error;
    throw tokenRefused(error);
  }
}

function checkProfile(profile: string | undefined) {
  if (profile && profile !== 'public') {
    throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
  }
}

/** The query of a request's URL, read without parsing its host: a client's junk Host header is not our error. */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
}

/** The write's JSON body: PostgREST's 415 for another content type, its 400 for a body that is not JSON. */
async function jsonBody(c: Context): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new PostgrestError(415, 'PGRST107', `Content-Type not acceptable: ${contentType}`);
  }
  const text = await c.req.text();
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new PostgrestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      `Arrays and objects may nest at most ${MAX_JSON_DEPTH} deep`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

const writeBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () =>
    new PostgrestError(
      413,
      'PGRST102',
      `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`,
    ).getResponse(),
});

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

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * The PostgREST subset at /rest/v1/<table>: reads, the insert and upsert supabase-js send, and calls of the
 * functions in schema `public` (/rest/v1/rpc/<name>, whose EXECUTE grants decide who may). Every statement
 * runs in a transaction as the caller (`anon`, `authenticated` or `service_role`, from the bearer token), so the
 * migrations' grants and row-level-security policies decide what each caller reads and writes, as on hosted
 * Supabase.
 *
 * Every `anon` caller gets the same answer to a statement: identical anonymous reads share one database round
 * trip, and its answer is served again for `cacheMs`. A signed-in caller's answer is theirs alone and is
 * never cached or shared. Answers carry an ETag and `no-cache`, so a browser revalidates every time and gets a
 * 304 when nothing changed.
 */
export function restRoutes(db: Database, callers: CallerResolver, options: RestOptions = {}): Hono {
  let catalog: Promise<Catalog> | undefined;
  const loadCatalogOnce = () =>
    (catalog ??= loadCatalog(db).catch((error: unknown) => {
      catalog = undefined;
      throw error;
    }));
  let functions: Promise<PublicFunction[]> | undefined;
  const loadFunctionsOnce = () =>
    (functions ??= loadFunctions(db).catch((error: unknown) => {
      functions = undefined;
      throw error;
    }));
  const cached = createAnswerCache<Answer>({
    ttlMs: options.cacheMs ?? DEFAULT_CACHE_MS,
    maxEntries: 100,
    ...(options.now && { now: options.now }),
  });

  const read = async (caller: Caller, statement: SelectStatement): Promise<Answer> => {
    const rows = await runAsCaller(db, caller, (tx) =>
      tx.query<{ body: string }>(statement.text, statement.params),
    );
    const body = rows[0]?.body ?? '[]';
    return { body, etag: etagOf(body) };
  };
  const readAs = (caller: Caller, statement: SelectStatement): Promise<Answer> =>
    caller.role === 'anon'
      ? cached(JSON.stringify([statement.text, statement.params]), () => read(caller, statement))
      : read(caller, statement);

  const routes = new Hono();

  routes.get('/:table', async (c) => {
    checkProfile(c.req.header('accept-profile'));
    const caller = await callerOf(callers, (name) => c.req.header(name));
    let answer: Answer;
    try {
      const statement = buildSelect(await loadCatalogOnce(), c.req.param('table'), queryOf(c.req.url));
      answer = await readAs(caller, statement);
    } catch (error) {
      throw asPostgrestError(error, caller);
    }
    // no-cache: a browser may keep the answer but asks every time, so it never shows an old list; a
    // signed-in caller's answer is private, so no shared cache keeps it.
    c.header('cache-control', caller.role === 'anon' ? 'no-cache' : 'private, no-cache');
    c.header('etag', answer.etag);
    if (c.req.header('if-none-match') === answer.etag) return c.body(null, 304);
    return c.body(answer.body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  routes.post('/rpc/:fn', writeBodyLimit, async (c) => {
    checkProfile(c.req.header('content-profile'));
    const caller = await callerOf(callers, (name) => c.req.header(name));
    const body = await jsonBody(c);
    try {
      const statement = buildRpc(await loadFunctionsOnce(), c.req.param('fn'), body);
      const rows = await runAsCaller(db, caller, (tx) =>
        tx.query<{ body: string }>(statement.text, statement.params),
      );
      c.header('cache-control', 'private, no-cache');
      if (statement.returnsVoid) return c.body(null, 204);
      return c.body(rows[0]?.body ?? 'null', 200, { 'content-type': 'application/json; charset=utf-8' });
    } catch (error) {
      throw asPostgrestError(error, caller);
    }
  });

  routes.all('/rpc/:fn', (c) => {
    throw new PostgrestError(
      405,
      'PGRST117',
      `Unsupported HTTP method: ${c.req.method}`,
      'The embedded back end calls functions with POST, as supabase-js does by default.',
    );
  });

  routes.post('/:table', writeBodyLimit, async (c) => {
    checkProfile(c.req.header('content-profile'));
    const caller = await callerOf(callers, (name) => c.req.header(name));
    const preferences = parsePreferences(c.req.header('prefer'));
    const body = await jsonBody(c);
    try {
      const statement = buildUpsert(
        await loadCatalogOnce(),
        c.req.param('table'),
        queryOf(c.req.url),
        preferences,
        body,
      );
      const rows = await runAsCaller(db, caller, (tx) =>
        tx.query<{ body: string }>(statement.text, statement.params),
      );
      if (!statement.returnsRows) return c.body(null, 201);
      return c.body(rows[0]?.body ?? '[]', 201, { 'content-type': 'application/json; charset=utf-8' });
    } catch (error) {
      throw asPostgrestError(error, caller);
    }
  });

  routes.all('/:table', (c) => {
    throw new PostgrestError(
      405,
      'PGRST117',
      `Unsupported HTTP method: ${c.req.method}`,
      'The embedded back end serves reads and the insert and upsert supabase-js send; other writes use the service role.',
    );
  });

  // /rest/v1/ itself (PostgREST's OpenAPI document, not served here) and deeper paths: PostgREST's
  // own 404 shape rather than a bare text answer.
  routes.all('*', () => {
    throw new PostgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
  });

  return routes;
}
