import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { apiKey } from './http/api-key.ts';
import type { JwtKeys } from './auth/jwt.ts';
import { createCallerResolver, signedInUserOf } from './http/caller.ts';
import type { ClientAddress } from './http/client-address.ts';
import { supabaseCors } from './http/cors.ts';
import { authRoutes } from './routes/auth/auth-routes.ts';
import type { Database } from './db/database.ts';
import type { OtpSettings } from './routes/auth/otp-route.ts';
import type { PageViewCounter } from './page-views/page-view-counter.ts';
import type { CorsPolicy } from '../../supabase/functions/_shared/cors.ts';
import type { SendEmailHandler } from '../../supabase/functions/_shared/send-email-handler.ts';
import { createTestEmailHandler } from '../../supabase/functions/_shared/test-email.ts';
import type { MailTransport } from '../../supabase/functions/_shared/transports/mail-transport.ts';
import { createUnsubscribeHandler } from '../../supabase/functions/_shared/unsubscribe.ts';
import { functionsRoutes } from './routes/functions/functions-routes.ts';
import { restRoutes } from './routes/rest/rest-routes.ts';
import type { Site } from './routes/static/load-site.ts';
import { staticRoutes } from './routes/static/static-routes.ts';
import type { ResumableUploadSettings } from './routes/storage/resumable-upload-routes.ts';
import { storageRoutes } from './routes/storage/storage-routes.ts';
import { securityHeaders } from './http/security-headers.ts';

export interface AppDeps {
  db: Database;
  /** Folder holding one sub-folder per storage bucket. */
  storageFolder: string;
  /** Resumable uploads: where unfinished ones wait (outside the buckets) and how large one may be. */
  uploads: ResumableUploadSettings;
  site: Site;
  /** The public key the API accepts; a request without `apikey` is anonymous too. */
  anonKey: string;
  /** The site's public address (SITE_URL's first): where sign-in links lead unless they name a page of it. */
  siteUrl: string;
  /** Which site origins may call the Supabase routes from a browser (SITE_URL's origins). */
  cors: CorsPolicy;
  /** POST /functions/v1/send-email, the shared sign-up core. */
  sendEmail: SendEmailHandler;
  /** How the studio's test e-mail (POST /functions/v1/send-email/test) reaches the owner, as the outbox's do. */
  testEmail: { transport: MailTransport; mailFrom: string };
  /** Signs and verifies every JWT: sessions, the service role key, signed storage URLs. */
  jwt: JwtKeys;
  /** How long after its sign-in a session may still be refreshed. */
  sessionMaxLifetimeSeconds: number;
  /** POST /auth/v1/otp, "Send me a new link": its per-IP limit and what starts delivery. */
  otp: OtpSettings;
  /** The visitor's address for per-address limits (the socket's, or behind TRUST_PROXY's proxies). */
  clientAddress: ClientAddress;
  /** Counts browsers' views of `/` and `/course` for the owner's funnel; without it nothing is counted. */
  pageViews?: PageViewCounter;
}

/** Builds the whole HTTP surface; tests call `app.request()` on it without opening a port. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use(securityHeaders);
  for (const api of ['/rest/v1/*', '/storage/v1/*', '/functions/v1/*', '/auth/v1/*'])
    app.use(api, supabaseCors(deps.cors));
  const callers = createCallerResolver(deps);
  app.use('/rest/v1/*', apiKey(deps.anonKey, deps.jwt));
  app.route('/rest/v1', restRoutes(deps.db, callers));
  app.use('/auth/v1/*', apiKey(deps.anonKey, deps.jwt));
  app.route(
    '/auth/v1',
    authRoutes({
      db: deps.db,
      jwt: deps.jwt,
      siteUrl: deps.siteUrl,
      sessionMaxLifetimeSeconds: deps.sessionMaxLifetimeSeconds,
      cors: deps.cors,
      clientAddress: deps.clientAddress,
      otp: deps.otp,
    }),
  );
  app.route(
    '/storage/v1',
    storageRoutes({
      storageFolder: deps.storageFolder,
      jwt: deps.jwt,
      callers,
      db: deps.db,
      uploads: deps.uploads,
    }),
  );
  const unsubscribe = createUnsubscribeHandler({
    db: deps.db,
    log: deps.otp.log,
    cors: deps.cors,
    siteUrl: deps.siteUrl,
  });
  const testEmail = createTestEmailHandler({
    db: deps.db,
    log: deps.otp.log,
    cors: deps.cors,
    callerId: signedInUserOf(deps.db, callers),
    ...deps.testEmail,
    siteUrl: deps.siteUrl,
  });
  app.route(
    '/functions/v1',
    functionsRoutes({ sendEmail: deps.sendEmail, unsubscribe, testEmail }, deps.clientAddress),
  );
  app.route(
    '/',
    staticRoutes(deps.site, deps.pageViews && { counter: deps.pageViews, clientAddress: deps.clientAddress }),
  );
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // Logged, and a 500 that tells the caller nothing of its cause.
    console.error(
      JSON.stringify({ event: 'http.unhandled_error', path: c.req.path, message: String(error) }),
    );
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}
