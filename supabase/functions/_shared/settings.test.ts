import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_LIMITS } from './send-email-handler.ts';
import { parseSettings, sharedSettings, signupLimitsFrom } from './settings.ts';

const HEADING = 'Invalid settings (see the deploy guide):';
const required = {
  SITE_URL: 'https://lenses.example/',
  SUPABASE_URL: 'https://abc.supabase.co/',
  SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x',
  MAIL_FROM: 'Three Lenses <course@lenses.example>',
  RESEND_API_KEY: 're_x',
};
const parse = (source: Record<string, string | undefined>) => parseSettings(sharedSettings, source, HEADING);

describe('the settings both runtimes read', () => {
  it('gives the sign-up limits their one default, and trims trailing slashes from the URLs', () => {
    const settings = parse(required);
    expect(settings).toMatchObject({
      SITE_URL: ['https://lenses.example'],
      SUPABASE_URL: 'https://abc.supabase.co',
      SIGNUP_LIMIT_PER_IP_PER_MINUTE: 10,
      SIGNUP_LIMIT_PER_IP_PER_DAY: 20,
      SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: 3,
      COURSE_EMAILS_PER_ADDRESS_PER_DAY: 3,
      MAIL_REQUESTS_PER_HOUR: 5000,
    });
    expect(settings.MAIL_RATE_PER_SECOND).toBeUndefined();
    expect(signupLimitsFrom(settings)).toEqual(DEFAULT_LIMITS);
    expect(
      signupLimitsFrom(
        parse({
          ...required,
          SIGNUP_LIMIT_PER_IP_PER_MINUTE: '20',
          SIGNUP_LIMIT_PER_IP_PER_DAY: '200',
          SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: '5',
          COURSE_EMAILS_PER_ADDRESS_PER_DAY: '2',
          MAIL_REQUESTS_PER_HOUR: '50',
        }),
      ),
    ).toEqual({
      perIp: { limit: 20, windowSeconds: 60 },
      perNetworkPerDay: 200,
      perAddress: { limit: 5, windowSeconds: 3600 },
      courseEmailsPerDay: 2,
      mailRequestsPerHour: 50,
    });
  });

  it('names every missing and bad setting in one message, blank counting as missing', () => {
    let message = '';
    try {
      parse({
        ...required,
        SITE_URL: '',
        MAIL_FROM: undefined,
        RESEND_API_URL: 'http://api.example',
        MAIL_RATE_PER_SECOND: 'fast',
        LOG_HASH_KEY: 'short',
        SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: '1.5',
      });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message.split('\n')).toEqual([
      HEADING,
      '  SITE_URL: is not set',
      '  MAIL_FROM: is not set',
      '  RESEND_API_URL: must be https:// (http:// only for a loopback address)',
      '  MAIL_RATE_PER_SECOND: must be requests per second above 0 (e.g. 2 or 0.5), or unlimited',
      '  LOG_HASH_KEY: must be at least 32 characters (e.g. openssl rand -base64 32)',
      '  SIGNUP_LIMIT_PER_ADDRESS_PER_HOUR: must be a whole number from 1 to 1000000',
    ]);
  });

  it('lets a runtime add settings of its own and mark shared ones optional', () => {
    const edge = sharedSettings.extend({ SUPABASE_DB_URL: z.string() });
    expect(() => parseSettings(edge, required, HEADING)).toThrow(/SUPABASE_DB_URL: is not set/);
    const server = z.object({ MAIL_FROM: sharedSettings.shape.MAIL_FROM.optional() });
    expect(parseSettings(server, {}, HEADING)).toEqual({});
    expect(() => parseSettings(server, { MAIL_FROM: 'x@a.example\r\nBcc: y@b.example' }, HEADING)).toThrow(
      /MAIL_FROM: must be an address/,
    );
  });
});
