import path from 'node:path';
import { z } from 'zod';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { parseTrustedProxies } from './http/client-address.ts';
import { ownerEmail } from './db/owners.ts';
import {
  DEFAULT_MAIL_RATE_PER_SECOND,
  parseSettings,
  secretSetting,
  settingsError,
  sharedSettings,
  signupLimitsFrom,
  wholeNumber,
} from '../../supabase/functions/_shared/settings.ts';
import type { SignupLimits } from '../../supabase/functions/_shared/send-email-handler.ts';

const port = z.coerce.number().int().min(0).max(65_535);

/**
 * The settings the edge function reads too (their rules and defaults: _shared/settings.ts) among the server's
 * own. Every shared one is listed (`satisfies` says so); a bad environment's message names them in this order.
 */
const shared = sharedSettings.shape;
const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SITE_URL: shared.SITE_URL.optional(),
  API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/$/, ''))
    .optional(),
  ANON_KEY: z.string().min(1).default(EMBEDDED_ANON_KEY),
  DIST_DIR: z.string().min(1).default('dist'),
  SUPABASE_URL: shared.SUPABASE_URL.optional(),
  SUPABASE_SERVICE_ROLE_KEY: shared.SUPABASE_SERVICE_ROLE_KEY.optional(),
  MAIL_FROM: shared.MAIL_FROM.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'must start with smtp:// (STARTTLS) or smtps:// (TLS)')
    .optional(),
  RESEND_API_KEY: shared.RESEND_API_KEY.optional(),
  RESEND_API_URL: shared.RESEND_API_URL,
  MAIL_RATE_PER_SECOND: shared.MAIL_RATE_PER_SECOND,
  MAIL_FILE_RETENTION_DAYS: wholeNumber(3650).default(30),
  LOG_HASH_KEY: shared.LOG_HASH_KEY,
  JWT_SECRET: secretSetting.optional(),
  SESSION_MAX_LIFETIME_DAYS: wholeNumber(365).default(30),
  UPLOAD_MAX_MB: wholeNumber(100_000).default(2000),
  SIGNUP_LIMIT_PER_IP_PER_MINUTE: shared.SIGNUP_LIMIT_PER_IP_PER_MINUTE,
  SIGNUP_LIMIT_PER_IP_PER_DAY: shared.SIGNUP_LIMIT_PER_IP_PER_DAY,
  SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: shared.SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR,
  COURSE_EMAILS_PER_ADDRESS_PER_DAY: shared.COURSE_EMAILS_PER_ADDRESS_PER_DAY,
  MAIL_REQUESTS_PER_HOUR: shared.MAIL_REQUESTS_PER_HOUR,
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const parsed = parseTrustedProxies(value);
      if ('proxies' in parsed) return parsed.proxies;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .default([]),
  COUNT_PAGE_VIEWS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(true),
  OWNER_EMAIL: ownerEmail.optional(),
  DEPLOY_HOOK_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
} satisfies Record<keyof typeof shared, z.ZodType> & z.ZodRawShape);

const HEADING = 'Invalid environment (see .env.example):';

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The site's public address: canonical link, Open Graph, every link in an e-mail. SITE_URL's first URL. */
  siteUrl: string;
  /** Every address the site is served from (SITE_URL's list): their origins may call the API from a browser. */
  siteUrls: string[];
  /**
   * Where this server answers the API for mailbox providers (a reminder's one-click unsubscribe): API_URL, else
   * SITE_URL's first, as one server serves both unless the site lives on a CDN (docs/self-hosting.md).
   */
  apiUrl: string;
  anonKey: string;
  distDir: string;
  /** Hosted Supabase Storage for the owner's tool's guide pictures; both set, or the local bucket is used. */
  supabaseStorage: { url: string; serviceRoleKey: string } | undefined;
  mailFrom: string;
  /** `ratePerSecond`: requests a second to the provider, shared by every server (Infinity: no limit). */
  mail: (
    | { transport: 'resend'; apiKey: string; apiUrl: string | undefined }
    | { transport: 'smtp'; url: string }
    /** `retentionDays`: .eml files older than this are deleted. */
    | { transport: 'file'; folder: string; retentionDays: number }
  ) & { ratePerSecond: number };
  /**
   * Hashes e-mail addresses in log lines (HMAC-SHA256); unset → DATA_DIR/log-hash-key, made at first start.
   * Servers sharing one PostgreSQL set the same value, so one address has one hash in all their logs.
   */
  logHashKey: string | undefined;
  /**
   * Signs and verifies every JWT (sessions, the service role key, signed storage URLs); unset →
   * DATA_DIR/jwt-secret, made at first start. Servers sharing one PostgreSQL set the same value.
   */
  jwtSecret: string | undefined;
  /** How long after signing in a learner's session may be refreshed (SESSION_MAX_LIFETIME_DAYS, default 30). */
  sessionMaxLifetimeSeconds: number;
  /** The largest file the owner may upload resumably, e.g. a lesson's video (UPLOAD_MAX_MB, default 2000). */
  uploadMaxBytes: number;
  signupLimits: SignupLimits;
  /** CIDR ranges of the reverse proxies whose X-Forwarded-For names the client (TRUST_PROXY; none by default). */
  trustedProxies: string[];
  /** Whether browsers' visits to / and /course are counted per day for `admin stats` (COUNT_PAGE_VIEWS). */
  countPageViews: boolean;
  /** The studio's first owner (OWNER_EMAIL), added at start while the owners' list has never had one. */
  ownerEmail: string | undefined;
  /** A static host's build hook, called when the owner publishes her words (DEPLOY_HOOK_URL). */
  deployHookUrl: string | undefined;
};

/** Resend if its key is set, else SMTP if set, else the file mailbox under DATA_DIR/mail; each with its rate. */
function chooseMail(env: z.infer<typeof schema>, dataDir: string): Env['mail'] {
  const rate = (transport: keyof typeof DEFAULT_MAIL_RATE_PER_SECOND) =>
    env.MAIL_RATE_PER_SECOND ?? DEFAULT_MAIL_RATE_PER_SECOND[transport];
  if (env.RESEND_API_KEY) {
    return {
      transport: 'resend',
      apiKey: env.RESEND_API_KEY,
      apiUrl: env.RESEND_API_URL,
      ratePerSecond: rate('resend'),
    };
  }
  if (env.SMTP_URL) return { transport: 'smtp', url: env.SMTP_URL, ratePerSecond: rate('smtp') };
  return {
    transport: 'file',
    folder: path.join(dataDir, 'mail'),
    retentionDays: env.MAIL_FILE_RETENTION_DAYS,
    ratePerSecond: rate('file'),
  };
}

/** The only reader of process.env: parses it once and names every bad variable in one message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseSettings(schema, source, HEADING);
  if ((env.SUPABASE_URL === undefined) !== (env.SUPABASE_SERVICE_ROLE_KEY === undefined)) {
    throw settingsError(HEADING, [
      'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY go together: set both, or neither.',
    ]);
  }
  if (!env.MAIL_FROM && (env.RESEND_API_KEY || env.SMTP_URL)) {
    throw settingsError(HEADING, ['MAIL_FROM: is required when RESEND_API_KEY or SMTP_URL is set']);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const siteUrls = env.SITE_URL ?? [`http://localhost:${env.PORT}`];
  const siteUrl = siteUrls[0] ?? `http://localhost:${env.PORT}`;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    siteUrl,
    siteUrls,
    apiUrl: env.API_URL ?? siteUrl,
    anonKey: env.ANON_KEY,
    distDir: path.resolve(env.DIST_DIR),
    supabaseStorage:
      env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
        ? { url: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY }
        : undefined,
    mailFrom: env.MAIL_FROM ?? 'Three Lenses <course@localhost>',
    mail: chooseMail(env, dataDir),
    logHashKey: env.LOG_HASH_KEY,
    jwtSecret: env.JWT_SECRET,
    sessionMaxLifetimeSeconds: env.SESSION_MAX_LIFETIME_DAYS * 24 * 60 * 60,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    signupLimits: signupLimitsFrom(env),
    trustedProxies: env.TRUST_PROXY,
    countPageViews: env.COUNT_PAGE_VIEWS,
    ownerEmail: env.OWNER_EMAIL,
    deployHookUrl: env.DEPLOY_HOOK_URL,
  };
}
