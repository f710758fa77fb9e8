import { createMiddleware } from 'hono/factory';

/** Supabase's gateway refuses an unknown key before PostgREST sees the request, in its own shape. */
const INVALID_KEY = JSON.stringify({
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` API key.',
});

/** Lets through requests with the public anon key or with no `apikey` at all (anonymous either way). */
export function apiKey(anonKey: string) {
  return createMiddleware(async (c, next) => {
    const key = c.req.header('apikey');
    if (key !== undefined && key !== anonKey) {
      return c.body(INVALID_KEY, 401, { 'content-type': 'application/json; charset=utf-8' });
    }
    await next();
  });
}
