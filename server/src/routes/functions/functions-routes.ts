import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import type { SendEmailHandler } from '../../../../supabase/functions/_shared/send-email-handler.ts';

/** The caller's address: the socket's, or behind a trusted reverse proxy the one it appended to X-Forwarded-For. */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/** /functions/v1/<name>: the Edge Functions the app invokes, served in-process from the shared core. */
export function functionsRoutes(sendEmail: SendEmailHandler, options: { trustProxy: boolean }): Hono {
  const routes = new Hono();
  routes.all('/send-email', (c) => sendEmail(c.req.raw, clientIp(c, options.trustProxy)));
  routes.all('/:name', (c) => c.json({ error: `No function named ${c.req.param('name')}.` }, 404));
  return routes;
}
