import { Hono } from 'hono';
import { type Database, sqlState } from '../../db/database.ts';
import { buildSelect } from './build-select.ts';
import { type Catalog, loadCatalog } from './catalog.ts';
import { PostgrestError } from './postgrest-error.ts';

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

/**
 * The read-only PostgREST subset at /rest/v1/<table>. Every query runs in a transaction as role `anon`,
 * so the migrations' grants and row-level-security policies decide what a visitor sees, as on hosted Supabase.
 */
export function restRoutes(db: Database): Hono {
  let catalog: Promise<Catalog> | undefined;
  const routes = new Hono();

  routes.get('/:table', async (c) => {
    const profile = c.req.header('accept-profile');
    if (profile && profile !== 'public') {
      throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
    catalog ??= loadCatalog(db).catch((error: unknown) => {
      catalog = undefined;
      throw error;
    });
    const statement = buildSelect(await catalog, c.req.param('table'), new URL(c.req.url).searchParams);
    const rows = await db
      .transaction(async (tx) => {
        await tx.query('set local role anon');
        await tx.query("set local statement_timeout = '5s'");
        return tx.query<{ body: string }>(statement.text, statement.params);
      })
      .catch((error: unknown) => {
        throw fromDatabaseError(error);
      });
    const body = rows[0]?.body ?? '[]';
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(body);
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
