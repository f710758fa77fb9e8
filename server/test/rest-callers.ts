import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { appClient } from './supabase-client.ts';
import { createTestApp, signedInToken } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * One database and one app for a file of REST tests, with a signed-in session for each account named
 * (`{ [userId]: email }`): `as(userId)` is supabase-js as that account, `as()` a visitor. Registered before the
 * file's own `beforeAll`, which then adds only its rows; the database closes after the file.
 */
export function restCallers(
  accounts: Readonly<Record<string, string>>,
  appOptions: () => Promise<Parameters<typeof createTestApp>[1]> = async () => ({}),
) {
  let db: Database | undefined;
  let app: TestApp | undefined;
  const tokens = new Map<string, string>();
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('restCallers: used before its beforeAll ran.');
    return value;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp(db, await appOptions());
    for (const [userId, email] of Object.entries(accounts))
      tokens.set(userId, await signedInToken(db, userId, email));
  });
  afterAll(() => db?.close());
  return {
    get db() {
      return ready(db);
    },
    get app() {
      return ready(app);
    },
    as: (userId?: string) => appClient(ready(app), EMBEDDED_ANON_KEY, userId && tokens.get(userId)),
  };
}
