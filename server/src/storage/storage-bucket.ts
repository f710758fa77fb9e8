// A storage bucket as the owner's tool and the server's stream jobs write it: the interface, and the embedded
// server's own (a folder in DATA_DIR/storage that its storage routes serve).
import { randomBytes } from 'node:crypto';
import { access, copyFile, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A checked file ready to store: its name is made from its content's hash, so a new file never overwrites. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  /** The path inside the bucket, e.g. "4f1c….png" or "lessons/9ab2….mp4". */
  objectName: string;
}

/** One storage bucket: the guides' public pictures, or the private course files. */
export interface StorageBucket {
  readonly description: string;
  /** Stores the object under its content-hashed name and returns that path. */
  put(object: StoredObject): Promise<string>;
  /** Stores a file from disk the same way (a stream's parts): a large one is never read into memory whole. */
  putFile(file: string, objectName: string, contentType: string): Promise<string>;
  /** Deletes these paths; a path that is already gone is no error. */
  remove(objectNames: readonly string[]): Promise<void>;
  /** Deletes every object under the folder (a lesson's stream, `lessons/<hash>`); a folder already gone is no error. */
  removeFolder(folderName: string): Promise<void>;
  /** Runs `work` on the object as a file on this machine (the bucket's own, or a download deleted after). */
  withLocalCopy<T>(objectName: string, work: (file: string) => Promise<T>): Promise<T>;
}

/** The object's path inside `folder`; a name that would leave it (`..`) is refused. */
function inside(folder: string, name: string): string {
  const target = path.resolve(folder, name);
  if (!target.startsWith(path.resolve(folder) + path.sep)) throw new Error(`${name} is not in ${folder}.`);
  return target;
}

/** The embedded server's bucket: a folder in DATA_DIR/storage that its storage routes serve. */
export function localBucket(folder: string): StorageBucket {
  /** Writes the object aside with `write`, then renames it in place: the server never serves a half-written file. */
  async function place(objectName: string, write: (draft: string) => Promise<void>) {
    const target = path.join(folder, objectName);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const exists = await access(target).then(
      () => true,
      () => false,
    );
    if (exists) return objectName;
    const draft = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(4).toString('hex')}`,
    );
    try {
      await write(draft);
      await rename(draft, target);
    } catch (error) {
      await unlink(draft).catch(() => undefined);
      throw error;
    }
    return objectName;
  }
  return {
    description: `the folder ${folder}`,
    put: (object) => place(object.objectName, (draft) => writeFile(draft, object.bytes, { mode: 0o600 })),
    putFile: (file, objectName) => place(objectName, (draft) => copyFile(file, draft)),
    async remove(objectNames) {
      for (const name of objectNames) {
        await unlink(path.join(folder, name)).catch((error: unknown) => {
          if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
        });
      }
    },
    async removeFolder(folderName) {
      await rm(inside(folder, folderName), { recursive: true, force: true });
    },
    withLocalCopy: (objectName, work) => work(inside(folder, objectName)),
  };
}
