import { writeFile } from 'node:fs/promises';
import { AdminError } from '../admin-error.ts';

/** Creates `file` readable by the owner only (exports hold personal data); an existing file is never replaced. */
export async function writeNewFile(file: string, content: string): Promise<void> {
  try {
    await writeFile(file, content, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      throw new AdminError('invalid', `${file} already exists: choose another name, or remove it first.`);
    }
    throw error;
  }
}
