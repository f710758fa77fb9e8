import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const storageError = z.object({ error: z.string().optional(), message: z.string().optional() });
/** Storage's list of a folder: files have an id, sub-folders none. */
const listedObjects = z.array(z.object({ name: z.string(), id: z.string().nullable() }));
/** Storage lists and deletes at most this many objects a request. */
const PAGE = 1000;

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
  /** Deletes these paths; a path that is already gone is no error. */
  remove(objectNames: readonly string[]): Promise<void>;
  /** Deletes every object under the folder (a lesson's stream, `lessons/<hash>`); a folder already gone is no error. */
  removeFolder(folderName: string): Promise<void>;
}

/** The embedded server's bucket: a folder in DATA_DIR/storage that its storage routes serve. */
export function localBucket(folder: string): StorageBucket {
  return {
    description: `the folder ${folder}`,
    async put(object) {
      const target = path.join(folder, object.objectName);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (exists) return object.objectName;
      // Written aside, then renamed: the server never serves a half-written file.
      const draft = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(4).toString('hex')}`,
      );
      await writeFile(draft, object.bytes, { mode: 0o600 });
      try {
        await rename(draft, target);
      } catch (error) {
        await unlink(draft).catch(() => undefined);
        throw error;
      }
      return object.objectName;
    },
    async remove(objectNames) {
      for (const name of objectNames) {
        await unlink(path.join(folder, name)).catch((error: unknown) => {
          if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
        });
      }
    },
    async removeFolder(folderName) {
      const target = path.resolve(folder, folderName);
      if (!target.startsWith(path.resolve(folder) + path.sep)) {
        throw new Error(`${folderName} is not a folder of ${folder}.`);
      }
      await rm(target, { recursive: true, force: true });
    },
  };
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

async function refusal(response: Response): Promise<string> {
  const answer = storageError.safeParse(await response.json().catch(() => undefined));
  return answer.success ? (answer.data.message ?? answer.data.error ?? '') : `HTTP ${response.status}`;
}

/**
 * A bucket of hosted Supabase Storage, called with the service-role key (never a VITE_ variable: it must not
 * reach a bundle). Plain fetch: supabase-js would also start its realtime client, which Node 20 cannot run.
 */
export function supabaseBucket(
  storage: { url: string; serviceRoleKey: string },
  bucket: string,
  fetchImpl: Fetch = fetch,
): StorageBucket {
  const headers = { authorization: `Bearer ${storage.serviceRoleKey}`, apikey: storage.serviceRoleKey };

  /** Every object below `prefix`, through Storage's list (one level a request, as storage-js's list()). */
  async function namesBelow(prefix: string): Promise<string[]> {
    const names: string[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const response = await fetchImpl(`${storage.url}/storage/v1/object/list/${bucket}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix, limit: PAGE, offset }),
      });
      if (!response.ok) {
        throw new Error(`Supabase Storage refused to list ${prefix}: ${await refusal(response)}`);
      }
      const entries = listedObjects.parse(await response.json());
      for (const entry of entries) {
        const name = `${prefix}/${entry.name}`;
        names.push(...(entry.id === null ? await namesBelow(name) : [name]));
      }
      if (entries.length < PAGE) return names;
    }
  }

  async function remove(objectNames: readonly string[]) {
    if (objectNames.length === 0) return;
    // The request storage-js's remove() sends; Storage answers 200 for names it no longer has.
    const response = await fetchImpl(`${storage.url}/storage/v1/object/${bucket}`, {
      method: 'DELETE',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: objectNames }),
    });
    if (!response.ok) {
      throw new Error(
        `Supabase Storage refused to delete ${objectNames.join(', ')}: ${await refusal(response)}`,
      );
    }
  }

  return {
    description: `the bucket "${bucket}" of Supabase Storage at ${storage.url}`,
    async put(object) {
      const response = await fetchImpl(`${storage.url}/storage/v1/object/${bucket}/${object.objectName}`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': object.contentType,
          'cache-control': 'max-age=31536000',
          // The name is the content's hash: writing it again writes the same bytes.
          'x-upsert': 'true',
        },
        body: object.bytes,
      });
      if (!response.ok) {
        throw new Error(
          `Supabase Storage refused the upload of ${object.objectName}: ${await refusal(response)}`,
        );
      }
      return object.objectName;
    },
    remove,
    async removeFolder(folderName) {
      const names = await namesBelow(folderName.replace(/\/+$/, ''));
      for (let start = 0; start < names.length; start += PAGE) await remove(names.slice(start, start + PAGE));
    },
  };
}
