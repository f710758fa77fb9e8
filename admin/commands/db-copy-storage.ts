// The embedded server's buckets (DATA_DIR/storage/<bucket>/…) uploaded to hosted Supabase Storage for `db copy`.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from '../../server/src/storage/storage-door.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Every file below `folder`, as a path with forward slashes; hidden ones are drafts of uploads still running. */
async function* filesBelow(folder: string, prefix = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesBelow(folder, relative);
    else if (entry.isFile()) yield relative;
  }
}

/**
 * Uploads each file to the bucket of the same name with the service-role key; `x-upsert` makes a second run
 * write the same bytes again rather than fail. The buckets must exist (docs/deploy-supabase.md).
 */
export async function uploadStorageFiles(
  storageFolder: string,
  storage: { url: string; serviceRoleKey: string },
  fetchImpl: Fetch = fetch,
): Promise<{ count: number; description: string }> {
  let count = 0;
  for await (const file of filesBelow(storageFolder)) {
    const objectPath = file.split('/').map(encodeURIComponent).join('/');
    const response = await fetchImpl(`${storage.url}/storage/v1/object/${objectPath}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${storage.serviceRoleKey}`,
        apikey: storage.serviceRoleKey,
        'content-type': contentTypeOf(file),
        'x-upsert': 'true',
      },
      body: await readFile(path.join(storageFolder, file)),
    });
    if (!response.ok) {
      throw new Error(
        `Supabase Storage refused ${file} (HTTP ${response.status}): ${(await response.text()).slice(0, 200)}`,
      );
    }
    count += 1;
  }
  return { count, description: `Supabase Storage at ${storage.url}` };
}
