import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const loader = path.join(import.meta.dirname, 'load-env-file.mjs');
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'env-file-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Loads `file` in a fresh Node process with `environment`, and answers with what process.env then holds. */
function environmentAfterLoading(file: string, environment: Record<string, string>) {
  const script = `
    const { loadEnvFile } = await import(${JSON.stringify(loader)});
    const loaded = loadEnvFile(${JSON.stringify(file)});
    const { SITE_URL, PORT, MAIL_FROM } = process.env;
    console.log(JSON.stringify({ loaded, SITE_URL, PORT, MAIL_FROM }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...environment },
  });
  return JSON.parse(output.toString()) as Record<string, unknown>;
}

describe('loadEnvFile (.env)', () => {
  it('sets what the environment leaves unset; a variable in the environment wins, even when empty', async () => {
    const file = path.join(folder, '.env');
    await writeFile(
      file,
      [
        '# the owner’s settings',
        'SITE_URL=https://lenses.example',
        'PORT=3000',
        'MAIL_FROM="Three Lenses <course@lenses.example>"',
      ].join('\n'),
    );
    expect(environmentAfterLoading(file, {})).toEqual({
      loaded: true,
      SITE_URL: 'https://lenses.example',
      PORT: '3000',
      MAIL_FROM: 'Three Lenses <course@lenses.example>',
    });
    expect(environmentAfterLoading(file, { PORT: '4000', SITE_URL: '' })).toEqual({
      loaded: true,
      SITE_URL: '',
      PORT: '4000',
      MAIL_FROM: 'Three Lenses <course@lenses.example>',
    });
  });

  it('does nothing without the file', () => {
    expect(environmentAfterLoading(path.join(folder, 'missing.env'), { PORT: '4000' })).toEqual({
      loaded: false,
      PORT: '4000',
    });
  });
});
