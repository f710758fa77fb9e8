import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import { createJwtKeys } from '../src/auth/jwt.ts';
import { createClientAddress } from '../src/http/client-address.ts';
import type { Database } from '../src/db/database.ts';
import type { OtpSettings } from '../src/routes/auth/otp-route.ts';
import { loadSite, type Site } from '../src/routes/static/load-site.ts';
import type { ResumableUploadSettings } from '../src/routes/storage/resumable-upload-routes.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { corsPolicyFor } from '../../supabase/functions/_shared/cors.ts';
import { consoleLog } from '../../supabase/functions/_shared/log.ts';
import {
  DEFAULT_LIMITS,
  type SendEmailHandler,
  createSendEmailHandler,
} from '../../supabase/functions/_shared/send-email-handler.ts';
import type { MailTransport } from '../../supabase/functions/_shared/transports/mail-transport.ts';

/** The JWT keys of every test app: tests sign tokens (and the service role key) with them. */
export const TEST_JWT_SECRET = 'test-jwt-secret-of-at-least-32-characters';
export const testJwtKeys = createJwtKeys(TEST_JWT_SECRET, 'https://lenses.example');

/**
 * A learner's access token for a real session of `userId` (made, with the user, when missing): the server
 * checks on every signed-in request that the token's session still exists.
 */
export async function signedInToken(db: Database, userId: string, email: string): Promise<string> {
  await db.query('insert into auth.users (id, email) values ($1, $2) on conflict do nothing', [
    userId,
    email,
  ]);
  const [session] = await db.query<{ id: string }>(
    'insert into auth.sessions (user_id) values ($1) returning id::text as id',
    [userId],
  );
  if (!session) throw new Error('no session row');
  return testJwtKeys.signAccessToken({ userId, email, sessionId: session.id, expiresInSeconds: 3600 });
}

/** A small built site on disk, shaped like Vite's output, so server tests need no build. */
export async function writeFixtureSite(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  const page = (text: string) =>
    `<!doctype html><html><head><title>${text}</title></head><body>${text.repeat(200)}</body></html>`;
  await writeFile(path.join(dist, 'index.html'), page('Home'));
  await writeFile(path.join(dist, '404.html'), page('Oops! Page not found'));
  await writeFile(path.join(dist, 'assets', 'app-3f2a1b.js'), 'console.log("app");');
  await writeFile(path.join(dist, 'teaser.mp4'), Buffer.from('0123456789'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  return dist;
}

export async function createTestApp(
  db: Database,
  options: {
    storageFolder?: string;
    distDir?: string;
    /** The site as served (default: `distDir`'s, loaded): a test that publishes hands the publisher's. */
    site?: Site;
    sendEmail?: SendEmailHandler;
    /** Where the studio's test e-mails go (default: a transport that refuses, for tests that send none). */
    testMail?: MailTransport;
    /** TRUST_PROXY's ranges; a test passes the peer's address as `incoming.socket` in app.request's bindings. */
    trustedProxies?: string[];
    siteUrls?: string[];
    /** POST /auth/v1/otp's settings, each defaulting to the sign-ups' limits, the console log, nothing woken. */
    otp?: Partial<OtpSettings>;
    /** Default: 30 days, as SESSION_MAX_LIFETIME_DAYS's default. */
    sessionMaxLifetimeSeconds?: number;
    /** Resumable uploads' folder (default: a new temporary one) and largest file (default: 2000 MB). */
    uploads?: Partial<ResumableUploadSettings>;
  } = {},
) {
  const storageFolder = options.storageFolder ?? (await mkdtemp(path.join(os.tmpdir(), 'storage-')));
  const site = options.site ?? loadSite(options.distDir ?? (await writeFixtureSite()));
  const cors = corsPolicyFor(options.siteUrls ?? ['https://lenses.example']);
  const sendEmail =
    options.sendEmail ??
    createSendEmailHandler({
      db,
      log: consoleLog,
      cors,
      limits: DEFAULT_LIMITS,
      source: 'test',
    });
  return createApp({
    db,
    storageFolder,
    uploads: {
      folder: options.uploads?.folder ?? (await mkdtemp(path.join(os.tmpdir(), 'uploads-'))),
      maxBytes: options.uploads?.maxBytes ?? 2000 * 1024 * 1024,
    },
    site,
    anonKey: EMBEDDED_ANON_KEY,
    siteUrl: options.siteUrls?.[0] ?? 'https://lenses.example',
    cors,
    sendEmail,
    testEmail: {
      transport: options.testMail ?? {
        name: 'none',
        ratePerSecond: Infinity,
        maxBatchSize: 1,
        send: () => Promise.reject(new Error('This test app sends no e-mail.')),
      },
      mailFrom: 'Three Lenses <course@lenses.example>',
    },
    jwt: testJwtKeys,
    sessionMaxLifetimeSeconds: options.sessionMaxLifetimeSeconds ?? 30 * 24 * 60 * 60,
    otp: {
      perIp: DEFAULT_LIMITS.perIp,
      mailRequestsPerHour: DEFAULT_LIMITS.mailRequestsPerHour,
      log: consoleLog,
      ...options.otp,
    },
    clientAddress: createClientAddress(options.trustedProxies ?? [], consoleLog),
  });
}
