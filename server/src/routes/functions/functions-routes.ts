import { Hono } from 'hono';
import type { ClientAddress } from '../../http/client-address.ts';
import type { SendEmailHandler } from '../../../../supabase/functions/_shared/send-email-handler.ts';

/**
 * /functions/v1/<name>: the Edge Functions the app invokes, served in-process from the shared core: the
 * sign-up, and under it the reminders' one-click unsubscribe (`send-email/unsubscribe`, as on hosted Supabase) and
 * the studio's test e-mail (`send-email/test`).
 */
export function functionsRoutes(
  handlers: {
    sendEmail: SendEmailHandler;
    unsubscribe: (request: Request) => Promise<Response>;
    testEmail: (request: Request) => Promise<Response>;
  },
  clientAddress: ClientAddress,
): Hono {
  const routes = new Hono();
  routes.all('/send-email/unsubscribe', (c) => handlers.unsubscribe(c.req.raw));
  routes.all('/send-email/test', (c) => handlers.testEmail(c.req.raw));
  routes.all('/send-email', (c) => handlers.sendEmail(c.req.raw, clientAddress(c)));
  routes.all('/:name', (c) => c.json({ error: `No function named ${c.req.param('name')}.` }, 404));
  return routes;
}
