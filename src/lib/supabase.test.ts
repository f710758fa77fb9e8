import { describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys';
import { supabaseConfig } from './supabase';

describe('supabaseConfig', () => {
  it('talks to the embedded server on the same origin when nothing is configured', () => {
    expect(supabaseConfig({} as ImportMetaEnv, 'https://lenses.example')).toEqual({
      url: 'https://lenses.example',
      key: EMBEDDED_ANON_KEY,
    });
  });

  it('uses a hosted Supabase project when one is configured', () => {
    const env = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_publishable_x' };
    expect(supabaseConfig(env as ImportMetaEnv, 'https://lenses.example')).toEqual({
      url: 'https://abc.supabase.co',
      key: 'sb_publishable_x',
    });
  });
});
