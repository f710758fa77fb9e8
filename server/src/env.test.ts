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

  it('treats blank variables as unset and trims a trailing slash from SITE_URL', () => {
    const env = readEnv({ PORT: '9000', DATABASE_URL: '', SITE_URL: 'https://lenses.example/' });
    expect(env).toMatchObject({ port: 9000, siteUrl: 'https://lenses.example', databaseUrl: undefined });
  });

  it('names every bad variable in one clear message', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SITE_URL: 'ftp://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SITE_URL/,
    );
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
});
