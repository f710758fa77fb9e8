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
});

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  anonKey: string;
  distDir: string;
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
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    anonKey: env.ANON_KEY,
    distDir: path.resolve(env.DIST_DIR),
  };
}
