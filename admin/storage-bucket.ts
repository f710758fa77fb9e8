import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { GuideImage } from './guide-image.ts';

const storageError = z.object({ error: z.string().optional(), message: z.string().optional() });

/** Where guide pictures go: the public bucket "guides", whose object paths `guides.image_url` holds. */
export interface GuidesBucket {
  readonly description: string;
  /** Stores the picture under its content-hashed name and returns that path. */
  put(image: GuideImage): Promise<string>;
}

/** The embedded server's bucket: a folder it serves at /storage/v1/object/public/guides/. */
export function localGuidesBucket(folder: string): GuidesBucket {
  return {
    description: `the folder ${folder}`,
    async put(image) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const target = path.join(folder, image.objectName);
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (exists) return image.objectName;
      // Written aside, then renamed: the server never serves a half-written picture.
      const draft = path.join(folder, `.${image.objectName}.${randomBytes(4).toString('hex')}`);
      await writeFile(draft, image.bytes, { mode: 0o600 });
      try {
        await rename(draft, target);
      } catch (error) {
        await unlink(draft).catch(() => undefined);
        throw error;
      }
      return image.objectName;
    },
  };
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Hosted Supabase Storage's upload endpoint, called with the service-role key (never a VITE_ variable: it must
 * not reach a bundle). Plain fetch: supabase-js would also start its realtime client, which Node 20 cannot run.
 */
export function supabaseGuidesBucket(
  storage: { url: string; serviceRoleKey: string },
  fetchImpl: Fetch = fetch,
): GuidesBucket {
  return {
    description: `Supabase Storage at ${storage.url}`,
    async put(image) {
      const response = await fetchImpl(`${storage.url}/storage/v1/object/guides/${image.objectName}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${storage.serviceRoleKey}`,
          apikey: storage.serviceRoleKey,
          'content-type': image.contentType,
          'cache-control': 'max-age=31536000',
          // The name is the content's hash: writing it again writes the same bytes.
          'x-upsert': 'true',
        },
        body: image.bytes,
      });
      if (!response.ok) {
        const answer = storageError.safeParse(await response.json().catch(() => undefined));
        const reason = answer.success
          ? (answer.data.message ?? answer.data.error)
          : `HTTP ${response.status}`;
        throw new Error(`Supabase Storage refused the upload of ${image.objectName}: ${reason}`);
      }
      return image.objectName;
    },
  };
}
