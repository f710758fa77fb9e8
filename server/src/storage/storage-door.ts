// What the owner's tool may use of the server's storage: the local bucket it writes DATA_DIR/storage through and
// the content type each stored file is served with, so that a file it stores is served as the server's own.
export { contentTypeOf } from './content-types.ts';
export { localBucket, type StorageBucket, type StoredObject } from './storage-bucket.ts';
