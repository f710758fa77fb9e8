import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { GuideImage } from './guide-image.ts';

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
      await mkdir(folder, { recursive: true });
      const target = path.join(folder, image.objectName);
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (exists) return image.objectName;
      // Written aside, then renamed: the server never serves a half-written picture.
      const draft = path.join(folder, `.${image.objectName}.${randomBytes(4).toString('hex')}`);
      await writeFile(draft, image.bytes, { mode: 0o644 });
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

/** Hosted Supabase Storage, written with the service-role key (never a VITE_ variable: it must not reach a bundle). */
export function supabaseGuidesBucket(client: SupabaseClient, url: string): GuidesBucket {
  return {
    description: `Supabase Storage at ${url}`,
    async put(image) {
      const { error } = await client.storage.from('guides').upload(image.objectName, image.bytes, {
        contentType: image.contentType,
        cacheControl: '31536000',
        // The name is the content's hash: writing it again writes the same bytes.
        upsert: true,
      });
      if (error)
        throw new Error(`Supabase Storage refused the upload of ${image.objectName}: ${error.message}`, {
          cause: error,
        });
      return image.objectName;
    },
  };
}
