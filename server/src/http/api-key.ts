import { createMiddleware } from 'hono/factory';
import { type JwtKeys, JwtRejected } from '../auth/jwt.ts';

/** Supabase's gateway refuses an unknown key before PostgREST sees the request, in its own shape. */
const INVALID_KEY = JSON.stringify({
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` API key.',
});

/**
 * Lets through requests with no `apikey` (anonymous), the public anon key, or a project key of this server's
 * secret (the service role key), as Supabase's gateway accepts only the project's own keys: a user's access
 * token belongs in `Authorization`, never in `apikey`.
 */
export function apiKey(anonKey: string, jwt: JwtKeys) {
  const isProjectKey = async (key: string) => {
    if (key === anonKey) return true;
    try {
      const { role } = await jwt.verifyCaller(key);
      return role === 'service_role' || role === 'anon';
    } catch (error) {
      if (error instanceof JwtRejected) return false;
      throw error;
    }
  };
  return createMiddleware(async (c, next) => {
    const key = c.req.header('apikey');
    if (key !== undefined && !(await isProjectKey(key))) {
      return c.body(INVALID_KEY, 401, { 'content-type': 'application/json; charset=utf-8' });
    }
    await next();
  });
}
