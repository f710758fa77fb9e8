import { chmod, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { SessionLock } from './session-lock.ts';

/** The name libpq looks for in a socket folder, so `psql -h DATA_DIR` and `pg` with `host` = DATA_DIR find it. */
export const SOCKET_FILE = '.s.PGSQL.5432';

/**
 * A client idle this long is disconnected and its open transaction rolled back, so a tool that hangs inside a
 * transaction holds the site's sign-ups back for seconds at most, well within their 15 s request timeout.
 */
const IDLE_TIMEOUT_MS = 10_000;
const MAX_CONNECTIONS = 8;

const READY_FOR_QUERY = 'Z'.charCodeAt(0);
const TERMINATE = 'X'.charCodeAt(0);
const IDLE = 'I'.charCodeAt(0);
const COPY_FAIL = frontendMessage('f', 'ended by the server: the client left\0');
const SYNC = frontendMessage('S', '');
const ROLLBACK = frontendMessage('Q', 'ROLLBACK\0');

function frontendMessage(type: string, body: string): Uint8Array {
  const bytes = Buffer.from(body);
  const message = Buffer.alloc(5 + bytes.length);
  message.write(type, 0);
  message.writeInt32BE(4 + bytes.length, 1);
  bytes.copy(message, 5);
  return message;
}

export interface PgliteSocket {
  readonly path: string;
  /** Disconnects every client (rolling back what they left open) and removes the socket file. */
  close(): Promise<void>;
}

/**
 * PGlite as pglite-socket sees it, sharing the session with this process's own queries.
 *
 * pglite-socket keeps its clients out of each other's transactions through `runExclusive` and
 * `isInTransaction()`, but knows nothing of the server's own queries. Here every socket message first takes
 * the session lock the server's queries take, and keeps it until Postgres is idle again: it has answered
 * everything with ReadyForQuery and that says "idle", not "in a transaction". So the server never runs inside
 * a client's BEGIN…COMMIT (or between a Parse and its Sync), and a client never runs inside the server's
 * transaction. A Proxy, because pglite-socket takes a PGlite and calls only these four members and waitReady.
 */
function sharedSession(pg: PGlite, lock: SessionLock): PGlite {
  let release: (() => void) | undefined;
  let owesReady = false;
  let lastStatus = IDLE;
  let unread = Buffer.alloc(0);
  let turns: Promise<unknown> = Promise.resolve();

  /** Follows the backend's messages (a type byte, then their length) to see every ReadyForQuery's status. */
  function watch(data: Uint8Array) {
    const bytes = unread.length === 0 ? Buffer.from(data) : Buffer.concat([unread, data]);
    let offset = 0;
    while (offset + 5 <= bytes.length) {
      const end = offset + 1 + bytes.readInt32BE(offset + 1);
      if (end > bytes.length) break;
      if (bytes[offset] === READY_FOR_QUERY) {
        owesReady = false;
        lastStatus = bytes[offset + 5] ?? IDLE;
      }
      offset = end;
    }
    unread = bytes.subarray(offset);
  }

  async function send(message: Uint8Array, onRawData: (data: Uint8Array) => void) {
    if (message[0] !== TERMINATE) owesReady = true;
    await pg.execProtocolRawStream(message, {
      onRawData(data) {
        watch(data);
        onRawData(data);
      },
    });
  }

  /** One socket step at a time, under the session lock, which is given back only once Postgres is idle. */
  function turn<T>(work: () => Promise<T>): Promise<T> {
    const result = turns.then(async () => {
      release ??= await lock.acquire();
      try {
        return await pg.runExclusive(work);
      } finally {
        if (!owesReady && lastStatus === IDLE && !pg.isInTransaction()) {
          release();
          release = undefined;
        }
      }
    });
    turns = result.catch(() => undefined);
    return result;
  }

  const ignore = () => undefined;
  const members = new Map<PropertyKey, unknown>([
    ['runExclusive', turn],
    [
      'execProtocolRawStream',
      (message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) =>
        send(message, options.onRawData),
    ],
    // "The socket side holds the session": pglite-socket then serves only the client that holds it.
    ['isInTransaction', () => release !== undefined],
    [
      // pglite-socket calls exec('ROLLBACK') when a client holding the session leaves. Postgres may still be
      // in a COPY or between a Parse and its Sync, so end those first (each is ignored when not the case).
      'exec',
      () =>
        turn(async () => {
          await send(COPY_FAIL, ignore);
          await send(SYNC, ignore);
          if (lastStatus !== IDLE) await send(ROLLBACK, ignore);
          return [];
        }),
    ],
  ]);
  return new Proxy(pg, {
    get(target, property) {
      if (members.has(property)) return members.get(property);
      const value: unknown = Reflect.get(target, property);
      // PGlite's methods use private fields: they must run on PGlite itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Serves `pg` at `folder`/.s.PGSQL.5432, readable and writable by this user only. */
export async function servePgliteSocket(
  pg: PGlite,
  lock: SessionLock,
  folder: string,
): Promise<PgliteSocket> {
  const socketPath = path.join(folder, SOCKET_FILE);
  // A file left by a server that was killed. The caller holds DATA_DIR's lock: nobody else listens here.
  await unlink(socketPath).catch(() => undefined);
  const server = new PGLiteSocketServer({
    db: sharedSession(pg, lock),
    path: socketPath,
    idleTimeout: IDLE_TIMEOUT_MS,
    maxConnections: MAX_CONNECTIONS,
  });
  await server.start();
  // Created under the umask (others cannot write to it, so cannot connect); now the owner only.
  await chmod(socketPath, 0o600);
  return {
    path: socketPath,
    async close() {
      await server.stop();
      await unlink(socketPath).catch(() => undefined);
    },
  };
}
