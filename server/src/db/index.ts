/**
 * What the owner's tool (admin/) may use of the server, besides its settings (env.ts): the database port and how
 * to open it, and DATA_DIR's lock, socket, secrets and files. An ESLint zone keeps admin/ from importing anything
 * else under server/src. The last exports live elsewhere because the tool must agree with the server on them:
 * the .eml files the file mailbox writes, the content type each stored file is served with, and how a lesson's
 * video is checked and made into a stream (the studio's uploads are made into streams by the server too).
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
export { contentTypeOf } from '../storage/content-types.ts';
export { localBucket, type StorageBucket, type StoredObject } from '../storage/storage-bucket.ts';
export {
  describeLessonVideo,
  keptAsUploadedWarning,
  type LessonVideo,
  LessonVideoRefusal,
} from '../lessons/lesson-video.ts';
export {
  type LessonRenditions,
  makeRenditions,
  renditionsInUse,
  streamPaths,
  type VideoTools,
} from '../lessons/lesson-renditions.ts';
export { makeWaitingStreams } from '../lessons/stream-jobs.ts';
