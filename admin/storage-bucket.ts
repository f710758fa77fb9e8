import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import type { StorageBucket, StoredObject } from '../server/src/storage/storage-door.ts';

const storageError = z.object({ error: z.string().optional(), message: z.string().optional() });
/** Storage's list of a folder: files have an id, sub-folders none. */
const listedObjects = z.array(z.object({ name: z.string(), id: z.string().nullable() }));
/** Storage lists and deletes at most this many objects a request. */
const PAGE = 1000;

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

  async function put(object: StoredObject): Promise<string> {
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
  }

  return {
    description: `the bucket "${bucket}" of Supabase Storage at ${storage.url}`,
    put,
    // The owner's tool stores a stream's parts one at a time; Storage's upload takes the bytes in one request.
    putFile: async (file, objectName, contentType) =>
      put({ bytes: new Uint8Array(await readFile(file)), contentType, objectName }),
    remove,
    async removeFolder(folderName) {
      const names = await namesBelow(folderName.replace(/\/+$/, ''));
      for (let start = 0; start < names.length; start += PAGE) await remove(names.slice(start, start + PAGE));
    },
    async withLocalCopy(objectName, work) {
      const response = await fetchImpl(`${storage.url}/storage/v1/object/${bucket}/${objectName}`, {
        method: 'GET',
        headers,
      });
      if (!response.ok || response.body === null) {
        throw new Error(`Supabase Storage refused the download of ${objectName}: ${await refusal(response)}`);
      }
      const folder = await mkdtemp(path.join(os.tmpdir(), 'bucket-copy-'));
      try {
        const file = path.join(folder, path.posix.basename(objectName));
        // Streamed to disk: a lesson's video may be larger than the memory this tool has.
        await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
        return await work(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
