/**
 * What the owner's tool (admin/) may use of the server's database: the database port and how to open it, its
 * owners and erasures, and DATA_DIR's lock, socket and secrets. The tool's other doors are named for what is
 * behind them (eslint.config.js lists them all).
 */
export { type Database, type Sql, sqlState, type Tx } from './database.ts';
export { openMigratedDatabase, readProjectMigrations } from './open-database.ts';
export { openPostgresDatabase } from './postgres-database.ts';
export { SOCKET_FILE } from './pglite-socket.ts';
export { addOwner, listOwners, ownerEmail, removeOwner } from './owners.ts';
export { describeHolder, lockFilePath, tryLockDataDir } from './data-dir-lock.ts';
export { DATA_DIR_SECRETS, prepareDataDir, readLogHashKey, removeGroupAndWorldAccess } from './data-dir.ts';
export {
  compactErasedTables,
  type Compaction,
  type ErasureHasher,
  erasureHasher,
  finishErasures,
} from './erasures.ts';
