import { createMiddleware } from 'hono/factory';
import { type CorsPolicy, corsHeaders, preflight } from '../../../supabase/functions/_shared/cors.ts';

/** The Supabase routes' CORS: preflights answered here, before any route or database work. */
export function supabaseCors(policy: CorsPolicy) {
  return createMiddleware(async (c, next) => {
    const origin = c.req.header('origin') ?? null;
    if (c.req.method === 'OPTIONS') return preflight(policy, origin);
    await next();
    for (const [name, value] of Object.entries(corsHeaders(policy, origin))) c.res.headers.set(name, value);
  });
}
