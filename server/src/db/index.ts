/**
 * What the owner's tool (admin/) may use of the server, besides its settings (env.ts): the database port and how
 * to open it, and DATA_DIR's lock, socket, secrets and files. An ESLint zone keeps admin/ from importing anything
 * else under server/src. The last two exports live elsewhere because the tool must agree with the server on
 * them: the .eml files the file mailbox writes, and the content type each stored file is served with.
 */
export { type Database, type Sql, sqlState, type Tx } from './database.ts';
export { openMigratedDatabase, readProjectMigrations } from './open-database.ts';
export { openPostgresDatabase } from './postgres-database.ts';
export { SOCKET_FILE } from './pglite-socket.ts';
export { addFirstOwner, addOwner, listOwners, ownerEmail, removeOwner } from './owners.ts';
export { describeHolder, lockFilePath, tryLockDataDir } from './data-dir-lock.ts';
export { DATA_DIR_SECRETS, prepareDataDir, readLogHashKey, removeGroupAndWorldAccess } from './data-dir.ts';
export {
  compactErasedTables,
  type Compaction,
  type ErasureHasher,
  erasureHasher,
  finishErasures,
} from './erasures.ts';
export { eraseMailTo } from '../outbox/transports/file-mailbox-transport.ts';
export { contentTypeOf } from '../content-types.ts';
