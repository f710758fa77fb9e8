import { type ErrorHandler, Hono } from 'hono';
import type { AdminApi } from './admin/admin-api.ts';
import type { Database } from './db/database.ts';
import { adminRoutes } from './routes/admin/admin-routes.ts';
import type { SendEmailHandler } from '../../supabase/functions/_shared/send-email-handler.ts';
import { functionsRoutes } from './routes/functions/functions-routes.ts';
import { restRoutes } from './routes/rest/rest-routes.ts';
import type { Site } from './routes/static/load-site.ts';
import { staticRoutes } from './routes/static/static-routes.ts';
import { storageRoutes } from './routes/storage/storage-routes.ts';
import { securedHeaders, securedResponse, securityHeaders } from './security-headers.ts';

export interface AppDeps {
  db: Database;
  /** Folder holding one sub-folder per storage bucket. */
  storageFolder: string;
  site: Site;
  /** Public keys the API accepts; a request without `apikey` is anonymous too. */
  anonKey: string;
  /** POST /functions/v1/send-email, the shared sign-up core. */
  sendEmail: SendEmailHandler;
  /** Read the client address from X-Forwarded-For (behind a trusted reverse proxy). */
  trustProxy: boolean;
}

const ERROR_HEADERS = securedHeaders({ 'content-type': 'application/json' });

/** An error no route answered: logged, and a 500 that tells the caller nothing of its cause. */
const unhandledError: ErrorHandler = (error, c) => {
  console.error(JSON.stringify({ event: 'http.unhandled_error', path: c.req.path, message: String(error) }));
  const body = JSON.stringify({ error: 'Something went wrong on our side. Please try again.' });
  return securedResponse(body, 500, ERROR_HEADERS);
};

/**
 * Builds the whole HTTP surface; tests call `app.request()` on it without opening a port.
 *
 * The REST reads come first, on their own: the carousel's query is the hottest path, and with no middleware
 * on its way a cached read is one handler returning one Response synchronously (decision 0057). They carry
 * their own security headers; every other request goes on to the app whose middleware adds them.
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use(securityHeaders);
  app.route('/storage/v1', storageRoutes(deps.storageFolder));
  app.route('/functions/v1', functionsRoutes(deps.sendEmail, { trustProxy: deps.trustProxy }));
  app.route('/', staticRoutes(deps.site));
  app.onError(unhandledError);
  // An error handler on the outermost app costs nothing per request: Hono wraps only mounted sub-apps'
  // handlers in their error handler.
  return restRoutes(deps.db, { anonKey: deps.anonKey })
    .notFound((c) => app.fetch(c.req.raw, c.env))
    .onError(unhandledError);
}

/** The owner's tool's endpoint, for the separate listener index.ts binds to 127.0.0.1 only (PGlite mode). */
export function createAdminApp(deps: { admin: AdminApi; token: string }): Hono {
  return new Hono().route('/admin/v1', adminRoutes(deps));
}
