import path from 'node:path';
import { z } from 'zod';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';

const port = z.coerce.number().int().min(0).max(65_535);

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ANON_KEY: z.string().min(1).default(EMBEDDED_ANON_KEY),
  DIST_DIR: z.string().min(1).default('dist'),
  SUPABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
});

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  anonKey: string;
  distDir: string;
  /** Hosted Supabase Storage for the owner's tool's guide pictures; both set, or the local bucket is used. */
  supabaseStorage: { url: string; serviceRoleKey: string } | undefined;
};

/** The only reader of process.env: parses it once and names every bad variable in one message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment (see .env.example):\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.SUPABASE_URL === undefined) !== (env.SUPABASE_SERVICE_ROLE_KEY === undefined)) {
    throw new Error(
      'Invalid environment (see .env.example):\n  SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY go together: set both, or neither.',
    );
  }
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    anonKey: env.ANON_KEY,
    distDir: path.resolve(env.DIST_DIR),
    supabaseStorage:
      env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
        ? { url: env.SUPABASE_URL.replace(/\/$/, ''), serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY }
        : undefined,
  };
}
