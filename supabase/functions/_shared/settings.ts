/**
 * The settings the Node server (process.env) and the send-email edge function (its secrets) both read: one zod
 * schema, so each rule and default is written once. Required as written; a runtime that can do without one
 * marks it `.optional()` where it composes the schema with its own settings.
 */
import { z } from 'zod';
import { DEFAULT_LIMITS, type SignupLimits } from './send-email-handler.ts';

/** A whole number from 1 to `max`, e.g. a limit or a number of days. */
export const wholeNumber = (max: number) => {
  const error = `must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error });
};

/** A string that `problem` finds nothing wrong with; else its words are the message. */
const checked = (problem: (value: string) => string | undefined) =>
  z.string().superRefine((value, context) => {
    const message = problem(value);
    if (message) context.addIssue({ code: 'custom', message });
  });

// `addr@example.com` or `Display Name <addr@example.com>`: printable, no line breaks, so never a header break.
const MAIL_FROM = /^([^\p{Cc}<>"]{1,78} )?<?[^\s@<>"]{1,64}@[A-Za-z0-9.-]{1,253}>?$/u;

const mailFrom = checked((value) =>
  MAIL_FROM.test(value) && value.includes('<') === value.endsWith('>')
    ? undefined
    : 'must be an address, optionally with a display name: Three Lenses <course@example.com>',
);

/** Resend's API over HTTPS; plain http only to a loopback peer (tests, a local relay). */
const resendApiUrl = checked((value) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    return undefined;
  return 'must be https:// (http:// only for a loopback address)';
});

/**
 * MAIL_RATE_PER_SECOND when unset: Resend's documented 2 requests a second; 10 messages a second over SMTP,
 * under the usual providers' limits (Amazon SES starts at 14) and far above this site's sign-ups; no limit
 * for the file mailbox, which only writes to the local disk.
 */
export const DEFAULT_MAIL_RATE_PER_SECOND = { resend: 2, smtp: 10, file: Number.POSITIVE_INFINITY } as const;

/** Requests per second above 0 (e.g. 2, 0.5) or `unlimited`. */
const mailRate = z.string().transform((value, context) => {
  if (value.trim().toLowerCase() === 'unlimited') return Number.POSITIVE_INFINITY;
  const rate = Number(value);
  if (Number.isFinite(rate) && rate > 0 && rate <= 100_000) return rate;
  context.addIssue({
    code: 'custom',
    message: 'must be requests per second above 0 (e.g. 2 or 0.5), or unlimited',
  });
  return z.NEVER;
});

/** A key that signs or hashes: 32 characters or more. */
export const secretSetting = z
  .string()
  .min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)');

export const sharedSettings = z.object({
  /** The site's addresses, comma-separated: the first is its public one (every link in an e-mail). */
  SITE_URL: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs, separated by commas' })).min(1),
    ),
  SUPABASE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/$/, '')),
  SUPABASE_SERVICE_ROLE_KEY: z.string(),
  MAIL_FROM: mailFrom,
  RESEND_API_KEY: z.string(),
  RESEND_API_URL: resendApiUrl.optional(),
  /** Unset: the transport's own rate (DEFAULT_MAIL_RATE_PER_SECOND). */
  MAIL_RATE_PER_SECOND: mailRate.optional(),
  /** Hashes e-mail addresses in log lines; the server and the function share one, so one address has one hash. */
  LOG_HASH_KEY: secretSetting.optional(),
  SIGNUP_LIMIT_PER_IP_PER_MINUTE: wholeNumber(1_000_000).default(DEFAULT_LIMITS.perIp.limit),
  /** Sign-ups a day from one IPv4 address or one IPv6 /48. */
  SIGNUP_LIMIT_PER_IP_PER_DAY: wholeNumber(1_000_000).default(DEFAULT_LIMITS.perNetworkPerDay),
  SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: wholeNumber(1_000_000).default(DEFAULT_LIMITS.perAddress.limit),
  COURSE_EMAILS_PER_ADDRESS_PER_DAY: wholeNumber(1_000).default(DEFAULT_LIMITS.courseEmailsPerDay),
  /** E-mails requests may make the site send in an hour, on every server together; past it they wait or are not sent. */
  MAIL_REQUESTS_PER_HOUR: wholeNumber(1_000_000).default(DEFAULT_LIMITS.mailRequestsPerHour),
});

export function signupLimitsFrom(settings: {
  SIGNUP_LIMIT_PER_IP_PER_MINUTE: number;
  SIGNUP_LIMIT_PER_IP_PER_DAY: number;
  SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: number;
  COURSE_EMAILS_PER_ADDRESS_PER_DAY: number;
  MAIL_REQUESTS_PER_HOUR: number;
}): SignupLimits {
  return {
    perIp: { ...DEFAULT_LIMITS.perIp, limit: settings.SIGNUP_LIMIT_PER_IP_PER_MINUTE },
    perNetworkPerDay: settings.SIGNUP_LIMIT_PER_IP_PER_DAY,
    perAddress: { ...DEFAULT_LIMITS.perAddress, limit: settings.SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR },
    courseEmailsPerDay: settings.COURSE_EMAILS_PER_ADDRESS_PER_DAY,
    mailRequestsPerHour: settings.MAIL_REQUESTS_PER_HOUR,
  };
}

/** One error naming every problem, each on its own line under `heading` (which says where settings are described). */
export function settingsError(heading: string, problems: readonly string[]): Error {
  return new Error(`${heading}\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
}

/**
 * Parses a runtime's settings, blank values counting as unset, or throws one error naming every bad or missing
 * one. The caller reads its own environment into `source`.
 */
export function parseSettings<Schema extends z.ZodObject>(
  schema: Schema,
  source: Readonly<Record<string, string | undefined>>,
  heading: string,
): z.output<Schema> {
  const set = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(set);
  if (parsed.success) return parsed.data;
  throw settingsError(
    heading,
    parsed.error.issues.map((issue) => {
      const [name] = issue.path;
      const message = typeof name === 'string' && !(name in set) ? 'is not set' : issue.message;
      return `${issue.path.join('.')}: ${message}`;
    }),
  );
}
