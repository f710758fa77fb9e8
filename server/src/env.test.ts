import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('has defaults for a machine with nothing configured', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      port: 8080,
      dataDir: path.resolve('.data'),
      siteUrl: 'http://localhost:8080',
    });
    expect(env.databaseUrl).toBeUndefined();
  });

  it('takes SITE_URL as a comma-separated list: the first is the public address, all may call the API', () => {
    const env = readEnv({ SITE_URL: 'https://lenses.example/, https://www.lenses.example' });
    expect(env.siteUrl).toBe('https://lenses.example');
    expect(env.siteUrls).toEqual(['https://lenses.example', 'https://www.lenses.example']);
    expect(() => readEnv({ SITE_URL: 'https://lenses.example,ftp://x' })).toThrow(/SITE_URL/);
  });

  it("takes API_URL as this server's own address for mailbox providers, SITE_URL's first by default", () => {
    expect(readEnv({ SITE_URL: 'https://lenses.example' }).apiUrl).toBe('https://lenses.example');
    expect(
      readEnv({ SITE_URL: 'https://lenses.example', API_URL: 'https://api.lenses.example/' }).apiUrl,
    ).toBe('https://api.lenses.example');
    expect(() => readEnv({ API_URL: 'api.lenses.example' })).toThrow(/API_URL: must be an http\(s\) URL/);
  });

  it('treats blank variables as unset and trims a trailing slash from SITE_URL', () => {
    const env = readEnv({ PORT: '9000', DATABASE_URL: '', SITE_URL: 'https://lenses.example/' });
    expect(env).toMatchObject({ port: 9000, siteUrl: 'https://lenses.example', databaseUrl: undefined });
  });

  it('names every bad variable in one clear message', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SITE_URL: 'ftp://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SITE_URL/,
    );
    expect(() => readEnv({ LOG_HASH_KEY: 'short', MAIL_FILE_RETENTION_DAYS: '0' })).toThrow(
      /MAIL_FILE_RETENTION_DAYS[\s\S]*LOG_HASH_KEY: must be at least 32 characters/,
    );
    expect(() => readEnv({ JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET: must be at least 32 characters/,
    );
    expect(readEnv({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it("takes Supabase Storage for the owner's tool only with both its URL and its service-role key", () => {
    expect(readEnv({}).supabaseStorage).toBeUndefined();
    expect(
      readEnv({ SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x' })
        .supabaseStorage,
    ).toEqual({ url: 'https://abc.supabase.co', serviceRoleKey: 'sb_secret_x' });
    expect(() => readEnv({ SUPABASE_URL: 'https://abc.supabase.co' })).toThrow(
      /SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY go together/,
    );
    expect(() => readEnv({ SUPABASE_URL: 'ftp://abc', SUPABASE_SERVICE_ROLE_KEY: 'k' })).toThrow(
      /SUPABASE_URL/,
    );
  });

  it('sends e-mail to the file mailbox under DATA_DIR/mail when no transport is configured', () => {
    const env = readEnv({ DATA_DIR: '/srv/data' });
    expect(env.mail).toEqual({
      transport: 'file',
      folder: path.join('/srv/data', 'mail'),
      retentionDays: 30,
      ratePerSecond: Number.POSITIVE_INFINITY,
    });
    expect(env.logHashKey).toBeUndefined();
    expect(env.jwtSecret).toBeUndefined();
    expect(readEnv({ MAIL_FILE_RETENTION_DAYS: '7' }).mail).toMatchObject({ retentionDays: 7 });
    expect(env.signupLimits).toEqual({
      perIp: { limit: 10, windowSeconds: 60 },
      perNetworkPerDay: 20,
      perAddress: { limit: 3, windowSeconds: 3600 },
      courseEmailsPerDay: 3,
      mailRequestsPerHour: 5000,
    });
  });

  it('prefers Resend over SMTP, and needs MAIL_FROM for either', () => {
    const from = 'Three Lenses <course@lenses.example>';
    expect(readEnv({ SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: from }).mail).toEqual({
      transport: 'smtp',
      url: 'smtp://mail.example:587',
      ratePerSecond: 10,
    });
    expect(
      readEnv({ SMTP_URL: 'smtp://mail.example:587', RESEND_API_KEY: 're_x', MAIL_FROM: from }).mail,
    ).toMatchObject({ transport: 'resend', apiKey: 're_x', ratePerSecond: 2 });
    expect(() => readEnv({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(/MAIL_FROM: is required/);
  });

  it('takes MAIL_RATE_PER_SECOND as a number above 0 or unlimited, over the transport’s default', () => {
    const resend = { RESEND_API_KEY: 're_x', MAIL_FROM: 'course@lenses.example' };
    expect(readEnv({ ...resend, MAIL_RATE_PER_SECOND: '10' }).mail.ratePerSecond).toBe(10);
    expect(readEnv({ ...resend, MAIL_RATE_PER_SECOND: '0.5' }).mail.ratePerSecond).toBe(0.5);
    expect(readEnv({ ...resend, MAIL_RATE_PER_SECOND: 'unlimited' }).mail.ratePerSecond).toBe(
      Number.POSITIVE_INFINITY,
    );
    for (const bad of ['0', '-1', 'fast'])
      expect(() => readEnv({ ...resend, MAIL_RATE_PER_SECOND: bad })).toThrow(/MAIL_RATE_PER_SECOND/);
  });

  it('reads TRUST_PROXY as the proxies to trust, none by default, and refuses true with the new form named', () => {
    expect(readEnv({}).trustedProxies).toEqual([]);
    expect(readEnv({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(readEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustedProxies).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
    ]);
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*`loopback`/);
  });

  it('lets a session be refreshed for SESSION_MAX_LIFETIME_DAYS, 30 by default, 1 to 365', () => {
    expect(readEnv({}).sessionMaxLifetimeSeconds).toBe(30 * 86_400);
    expect(readEnv({ SESSION_MAX_LIFETIME_DAYS: '7' }).sessionMaxLifetimeSeconds).toBe(7 * 86_400);
    for (const value of ['0', '366', '1.5', 'a month'])
      expect(() => readEnv({ SESSION_MAX_LIFETIME_DAYS: value })).toThrow(
        /SESSION_MAX_LIFETIME_DAYS: must be a whole number from 1 to 365/,
      );
  });

  it('limits a resumable upload to UPLOAD_MAX_MB, 2000 by default', () => {
    expect(readEnv({}).uploadMaxBytes).toBe(2000 * 1024 * 1024);
    expect(readEnv({ UPLOAD_MAX_MB: '500' }).uploadMaxBytes).toBe(500 * 1024 * 1024);
    for (const value of ['0', '1.5', '2 GB'])
      expect(() => readEnv({ UPLOAD_MAX_MB: value })).toThrow(/UPLOAD_MAX_MB: must be a whole number/);
  });

  it('counts page views unless COUNT_PAGE_VIEWS is false, and takes nothing but true or false', () => {
    expect(readEnv({}).countPageViews).toBe(true);
    expect(readEnv({ COUNT_PAGE_VIEWS: '' }).countPageViews).toBe(true);
    expect(readEnv({ COUNT_PAGE_VIEWS: 'true' }).countPageViews).toBe(true);
    expect(readEnv({ COUNT_PAGE_VIEWS: 'false' }).countPageViews).toBe(false);
    for (const value of ['no', '0', 'off', 'FALSE', 'false '])
      expect(() => readEnv({ COUNT_PAGE_VIEWS: value })).toThrow(/COUNT_PAGE_VIEWS: must be true or false/);
  });

  it('takes DEPLOY_HOOK_URL as an https address, none by default', () => {
    expect(readEnv({}).deployHookUrl).toBeUndefined();
    expect(readEnv({ DEPLOY_HOOK_URL: 'https://api.netlify.com/build_hooks/abc' }).deployHookUrl).toBe(
      'https://api.netlify.com/build_hooks/abc',
    );
    expect(() => readEnv({ DEPLOY_HOOK_URL: 'http://hooks.example/build' })).toThrow(
      /DEPLOY_HOOK_URL: must be an https URL/,
    );
  });

  it('takes OWNER_EMAIL as the first owner, lower-cased, and refuses what is not an address', () => {
    expect(readEnv({}).ownerEmail).toBeUndefined();
    expect(readEnv({ OWNER_EMAIL: ' Coach@Example.com ' }).ownerEmail).toBe('coach@example.com');
    expect(() => readEnv({ OWNER_EMAIL: 'coach' })).toThrow(/OWNER_EMAIL: must be an e-mail address/);
  });

  it('refuses a sender that could break a header, a non-SMTP URL and plain http to a remote Resend', () => {
    expect(() =>
      readEnv({
        MAIL_FROM: 'x@a.example\r\nBcc: y@b.example',
        SMTP_URL: 'http://mail.example',
        RESEND_API_URL: 'http://api.example',
        SIGNUP_LIMIT_PER_IP_PER_MINUTE: '0',
        TRUST_PROXY: 'maybe',
      }),
    ).toThrow(
      /MAIL_FROM[\s\S]*SMTP_URL[\s\S]*RESEND_API_URL[\s\S]*SIGNUP_LIMIT_PER_IP_PER_MINUTE[\s\S]*TRUST_PROXY/,
    );
  });
});
