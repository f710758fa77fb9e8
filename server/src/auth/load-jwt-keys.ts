import { readOrCreateSecret } from '../db/data-dir.ts';
import { createJwtKeys, type JwtKeys } from './jwt.ts';

/**
 * The server's JWT keys: from JWT_SECRET when set (servers sharing one PostgreSQL set the same value), else
 * from DATA_DIR/jwt-secret, made at the first start and readable by the owner only.
 */
export async function loadJwtKeys(env: {
  jwtSecret: string | undefined;
  dataDir: string;
  siteUrl: string;
}): Promise<JwtKeys> {
  const secret = env.jwtSecret ?? (await readOrCreateSecret(env.dataDir, 'jwt-secret'));
  return createJwtKeys(secret, env.siteUrl);
}
