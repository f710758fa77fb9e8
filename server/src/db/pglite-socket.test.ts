import { existsSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgliteDatabase } from './pglite-database.ts';
import { type PgliteSocket, SOCKET_FILE } from './pglite-socket.ts';
import { createPgliteTestDatabase } from '../../test/test-database.ts';

let db: PgliteDatabase;
let socket: PgliteSocket;
let folder: string;
const clients: pg.Client[] = [];

beforeEach(async () => {
  db = await createPgliteTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'pglite-socket-'));
  socket = await db.serveSocket(folder);
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
  await socket.close();
  await db.close();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ host: folder, user: 'postgres', database: 'postgres' });
  clients.push(client);
  await client.connect();
  return client;
}

/** A sign-up as the server records it: its own transaction on its own side of the session. */
function recordSignup(email: string) {
  return db.transaction((tx) =>
    tx.query(
      "insert into public.signups (email, name, consent_version, source) values ($1, 'Ada', 'v1', 'embedded')",
      [email],
    ),
  );
}

async function signupEmails() {
  const rows = await db.query<{ email: string }>('select email from public.signups order by id');
  return rows.map((row) => row.email);
}

/** Whether `promise` settles within a short while: the server's work must wait, not run, meanwhile. */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => true), sleep(300).then(() => false)]);
}

describe('PGlite served as a Postgres socket', () => {
  it('answers pg at host = the folder, owner-only, and removes its file when closed', async () => {
    const client = await connect();
    expect((await client.query('select 1 + 1 as two')).rows).toEqual([{ two: 2 }]);
    const file = path.join(folder, SOCKET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await client.end();
    await socket.close();
    expect(existsSync(file)).toBe(false);
    socket = await db.serveSocket(folder);
  });

  it("never lets the server's sign-up run inside a client's transaction: the client's rollback leaves it", async () => {
    const client = await connect();
    await client.query('begin');
    await client.query("insert into public.guides (name, title) values ('Rolled back', 'Never shown')");
    const signup = recordSignup('kept@example.com');
    expect(await settlesSoon(signup)).toBe(false);
    await client.query('rollback');
    await signup;
    expect(await signupEmails()).toEqual(['kept@example.com']);
    expect(await db.query("select 1 from public.guides where name = 'Rolled back'")).toEqual([]);
  });

  it("never runs a client's statement inside the server's transaction", async () => {
    const client = await connect();
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const serverWork = db.transaction(async (tx) => {
      await tx.query(
        "insert into public.signups (email, name, consent_version, source) values ('inside@example.com', 'Ada', 'v1', 'embedded')",
      );
      await finished;
      throw new Error('the server rolls its own transaction back');
    });
    const clientRead = client.query('select count(*)::int as count from public.signups');
    expect(await settlesSoon(clientRead)).toBe(false);
    finish();
    await expect(serverWork).rejects.toThrow('rolls its own transaction back');
    expect((await clientRead).rows).toEqual([{ count: 0 }]);
  });

  it('rolls back what a client left open when it disconnects, and the server goes on', async () => {
    const client = await connect();
    client.on('error', () => undefined);
    await client.query('begin');
    await client.query("insert into public.guides (name, title) values ('Left open', 'By a crashed tool')");
    const signup = recordSignup('after@example.com');
    expect(await settlesSoon(signup)).toBe(false);
    client.connection.stream.destroy();
    await signup;
    expect(await signupEmails()).toEqual(['after@example.com']);
    expect(await db.query("select 1 from public.guides where name = 'Left open'")).toEqual([]);
  });

  it("keeps the server out between a client's Parse and its Sync, with several clients at once", async () => {
    const pool = new pg.Pool({ host: folder, user: 'postgres', database: 'postgres', max: 4 });
    const writes = Array.from({ length: 20 }, (_, index) =>
      pool.query('insert into public.guides (name, title) values ($1, $2)', [`Guide ${index}`, 'Title']),
    );
    const signups = Array.from({ length: 20 }, (_, index) => recordSignup(`s${index}@example.com`));
    await Promise.all([...writes, ...signups]).finally(() => pool.end());
    expect(await signupEmails()).toHaveLength(20);
    const [guides] = await db.query<{ count: number }>('select count(*)::int as count from public.guides');
    expect(guides?.count).toBe(20);
  });
});
