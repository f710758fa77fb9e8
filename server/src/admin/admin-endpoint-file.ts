import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * DATA_DIR/admin.json tells the owner's tool where the running server's loopback admin listener is and which
 * token it accepts. Only the owner can read it (mode 0600); the server writes it when it listens and removes
 * it when it stops. A new random token each start: nothing to configure, nothing that could reach a bundle.
 */
const endpointFileSchema = z.object({
  url: z.url({ protocol: /^http$/ }),
  token: z.string().min(32),
  pid: z.number().int(),
});
export type EndpointFile = z.infer<typeof endpointFileSchema>;

export function endpointFilePath(dataDir: string): string {
  return path.join(dataDir, 'admin.json');
}

export function createAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

export function writeEndpointFile(dataDir: string, content: EndpointFile): void {
  const file = endpointFilePath(dataDir);
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(content), { mode: 0o600 });
  renameSync(draft, file);
}

export function readEndpointFile(dataDir: string): EndpointFile | undefined {
  try {
    const parsed = endpointFileSchema.safeParse(JSON.parse(readFileSync(endpointFilePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file if it still describes this process's listener. */
export function removeEndpointFile(dataDir: string): void {
  if (readEndpointFile(dataDir)?.pid !== process.pid) return;
  try {
    unlinkSync(endpointFilePath(dataDir));
  } catch {
    // Already gone.
  }
}
