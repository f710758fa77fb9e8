/**
 * What pglite-socket asks of the PGlite it serves, pinned: pglite-socket.ts hands it a proxy that answers four
 * members itself (under the server's session lock) and forwards the rest to PGlite unguarded. An upgrade of
 * @electric-sql/pglite-socket that touches another member, or stops calling one the proxy relies on, fails here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type * as PgliteSocketLibrary from '@electric-sql/pglite-socket';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { servePgliteSocket } from './pglite-socket.ts';
import { createSessionLock, withSessionLock } from './session-lock.ts';

interface Call {
  member: PropertyKey;
  args: unknown[];
}

/** What the real pglite-socket did with the `db` it was given, and which of it reached PGlite itself. */
const seen = vi.hoisted(() => ({
  /** Every member pglite-socket read from the proxy. */
  touched: new Set<PropertyKey>(),
  /** The members the proxy forwarded to PGlite while pglite-socket was reading them. */
  forwarded: new Set<PropertyKey>(),
  calls: [] as Call[],
  /** The member pglite-socket is reading from the proxy at this moment, if any. */
  reading: undefined as PropertyKey | undefined,
}));

vi.mock('@electric-sql/pglite-socket', async (importOriginal) => {
  const library = await importOriginal<typeof PgliteSocketLibrary>();
  type Options = ConstructorParameters<typeof library.PGLiteSocketServer>[0];

  /** The proxy of pglite-socket.ts as pglite-socket sees it, with every read and call written down. */
  function recorded(db: Options['db']): Options['db'] {
    return new Proxy(db, {
      get(target, member) {
        seen.touched.add(member);
        seen.reading = member;
        let value: unknown;
        try {
          value = Reflect.get(target, member);
        } finally {
          seen.reading = undefined;
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]): unknown => {
          seen.calls.push({ member, args });
          return Reflect.apply(value, undefined, args);
        };
      },
    });
  }

  class RecordedServer extends library.PGLiteSocketServer {
    constructor(options: Options) {
      super({ ...options, db: recorded(options.db) });
    }
  }
  return { ...library, PGLiteSocketServer: RecordedServer };
});

/** PGlite, noting each member the proxy reads from it while pglite-socket is reading the same from the proxy. */
function noteForwarded(db: PGlite): PGlite {
  return new Proxy(db, {
    get(target, member) {
      if (seen.reading === member) seen.forwarded.add(member);
      const value: unknown = Reflect.get(target, member);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The members the proxy in pglite-socket.ts answers itself; pglite-socket must call each of them. */
const ANSWERED_BY_THE_PROXY = ['exec', 'execProtocolRawStream', 'isInTransaction', 'runExclusive'];
/** Forwarded to PGlite as it is: pglite-socket only awaits it before listening. */
const FORWARDED = ['waitReady'];

const names = (members: Iterable<PropertyKey>) => [...members].map(String).sort();

let db: PGlite;
let folder: string;
const lock = createSessionLock();
let notesAfterTheClientLeft: { body: string }[];

/** A client's every path through pglite-socket: simple and extended queries, a transaction, and leaving inside one. */
beforeAll(async () => {
  db = await PGlite.create();
  await db.exec('create table notes (body text)');
  folder = await mkdtemp(path.join(os.tmpdir(), 'pglite-contract-'));
  const socket = await servePgliteSocket(noteForwarded(db), lock, folder);
  try {
    const client = new pg.Client({ host: folder, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('select 1');
    await client.query('insert into notes (body) values ($1)', ['kept']);
    await client.query('begin');
    await client.query("insert into notes (body) values ('left open')");
    client.connection.stream.destroy();
    // The server's own query waits for the session, which is given back once the client's work is rolled back.
    const notes = await withSessionLock(lock, () => db.query<{ body: string }>('select body from notes'));
    notesAfterTheClientLeft = notes.rows;
  } finally {
    await socket.close();
  }
});
afterAll(async () => {
  await db.close();
  await rm(folder, { recursive: true, force: true });
});

describe("pglite-socket's contract with the session proxy of pglite-socket.ts", () => {
  it('served the client, and rolled back what it left open', () => {
    expect(notesAfterTheClientLeft).toEqual([{ body: 'kept' }]);
  });

  it('reads exactly the four members the proxy answers itself, and waitReady', () => {
    expect(
      names(seen.touched),
      'pglite-socket reads other members of its db than pglite-socket.ts expects: check the proxy there',
    ).toEqual(names([...ANSWERED_BY_THE_PROXY, ...FORWARDED]));
    expect(names(seen.forwarded), 'a member pglite-socket uses reached PGlite past the session lock').toEqual(
      names(FORWARDED),
    );
    expect(names(new Set(seen.calls.map((call) => call.member)))).toEqual(names(ANSWERED_BY_THE_PROXY));
  });

  it("calls them in the shapes the proxy answers: exec only to roll back, a stream's one option onRawData", () => {
    const argsOf = (member: string) =>
      seen.calls.filter((call) => call.member === member).map((call) => call.args);
    // The proxy's exec ends whatever the client left open and rolls back, whatever SQL it is given.
    expect(argsOf('exec')).toEqual([['ROLLBACK']]);
    for (const [message, options, ...rest] of argsOf('execProtocolRawStream')) {
      expect(message).toBeInstanceOf(Uint8Array);
      expect(options).toEqual({ onRawData: expect.any(Function) });
      expect(rest).toEqual([]);
    }
    for (const args of argsOf('runExclusive')) expect(args).toEqual([expect.any(Function)]);
    for (const args of argsOf('isInTransaction')) expect(args).toEqual([]);
  });
});
