// `backup` and `restore`: one file holding a consistent snapshot of the embedded database and DATA_DIR's own
// files (pictures, lesson videos, the mailbox, the keys), taken while the server runs; and a new DATA_DIR made
// from such a file. The file is gzip'd JSON lines: a header, then rows, sequences and file chunks.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { appendFile, mkdir, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Command } from 'commander';
import { z } from 'zod';
import { readEnv } from '../../server/src/env.ts';
import {
  openMigratedDatabase,
  prepareDataDir,
  readProjectMigrations,
  removeGroupAndWorldAccess,
  SOCKET_FILE,
} from '../../server/src/db/index.ts';
import { AdminError } from '../admin-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { readSnapshot, restoreSnapshot } from '../database-snapshot.ts';

const FORMAT = 'three-lenses-backup';
const CHUNK_BYTES = 1024 * 1024;

const line = z.union([
  z.object({
    format: z.literal(FORMAT),
    version: z.literal(1),
    createdAt: z.string(),
    migrations: z.array(z.string()),
  }),
  z.object({ table: z.string(), row: z.record(z.string(), z.unknown()) }),
  z.object({ sequence: z.string(), value: z.string() }),
  z.object({ file: z.string(), data: z.string() }),
]);

/**
 * DATA_DIR's files but the database itself, its socket and its lock (the database comes from the snapshot),
 * and an e-mail the file mailbox is still writing (`.part`: renamed into place once whole).
 */
async function* dataFiles(dataDir: string, folder = ''): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(dataDir, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (
      folder === '' &&
      (entry.name === 'pglite' || entry.name === 'pglite.lock' || entry.name.startsWith(SOCKET_FILE))
    )
      continue;
    if (entry.isDirectory()) yield* dataFiles(dataDir, relative);
    else if (entry.isFile() && !entry.name.endsWith('.part')) yield relative;
  }
}

export function backupCommands(program: Command, context: AdminContext) {
  program
    .command('backup')
    .description(
      'write the embedded database (a consistent snapshot, taken while the server runs) and the files of DATA_DIR to one file',
    )
    .option(
      '--output <file>',
      'the file to write (never overwritten)',
      `three-lenses-backup-${timestamp()}.jsonl.gz`,
    )
    .action(async (options: { output: string }) => {
      const env = readEnv();
      if (env.databaseUrl) {
        throw new AdminError(
          'invalid',
          'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/self-hosting.md); this backs up the embedded database in DATA_DIR.',
        );
      }
      const output = path.resolve(options.output);
      if (existsSync(output))
        throw new AdminError('invalid', `${output} exists already; name a new file with --output.`);
      // The file is written after the snapshot's transaction ends.
      const snapshot = await context.withSession(({ db }) => readSnapshot(db));
      let rowCount = 0;
      let fileCount = 0;
      async function* lines() {
        yield `${JSON.stringify({ format: FORMAT, version: 1, createdAt: new Date().toISOString(), migrations: snapshot.migrations })}\n`;
        for (const { table, rows } of snapshot.tables) {
          for (const { row } of rows) {
            rowCount += 1;
            yield `${JSON.stringify({ table, row })}\n`;
          }
        }
        for (const [sequence, { value }] of snapshot.sequences) {
          if (value !== null) yield `${JSON.stringify({ sequence, value })}\n`;
        }
        for await (const file of dataFiles(env.dataDir)) {
          fileCount += 1;
          const handle = await open(path.join(env.dataDir, file));
          try {
            for (;;) {
              const { bytesRead, buffer } = await handle.read(
                Buffer.alloc(CHUNK_BYTES),
                0,
                CHUNK_BYTES,
                null,
              );
              if (bytesRead === 0) break;
              const data = buffer.subarray(0, bytesRead).toString('base64');
              yield `${JSON.stringify({ file: file.split(path.sep).join('/'), data })}\n`;
            }
          } finally {
            await handle.close();
          }
        }
      }
      await pipeline(
        Readable.from(lines()),
        createGzip(),
        createWriteStream(output, { flags: 'wx', mode: 0o600 }),
      );
      context.io.stdout(
        `Backed up ${rowCount} rows of ${snapshot.tables.length} tables and ${fileCount} files of ${env.dataDir} to ${output}.\n`,
      );
    });

  program
    .command('restore')
    .description('make a new DATA_DIR from a backup file (DATA_DIR must not exist yet, or be empty)')
    .argument('<file>', 'a file written by `backup`')
    .action(async (file: string) => {
      const env = readEnv();
      if (env.databaseUrl) {
        throw new AdminError(
          'invalid',
          'DATABASE_URL is set: restore makes an embedded database in DATA_DIR; unset it.',
        );
      }
      if (!existsSync(file)) throw new AdminError('not-found', `No file ${file}.`);
      if (existsSync(env.dataDir) && (await readdir(env.dataDir)).length > 0) {
        throw new AdminError('invalid', `DATA_DIR (${env.dataDir}) is not empty: restore into a new folder.`);
      }
      const existed = existsSync(env.dataDir);
      const restored = await restore(path.resolve(file), env.dataDir).catch(async (error: unknown) => {
        // A restore that stops midway leaves DATA_DIR as it found it, not half made.
        if (existed) {
          for (const entry of await readdir(env.dataDir))
            await rm(path.join(env.dataDir, entry), { recursive: true });
        } else {
          await rm(env.dataDir, { recursive: true, force: true });
        }
        throw error;
      });
      context.io.stdout(
        `Restored ${restored.rows} rows and ${restored.files} files into ${env.dataDir}. Start the server with DATA_DIR=${env.dataDir}.\n`,
      );
    });
}

async function restore(file: string, dataDir: string) {
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let header: { migrations: string[] } | undefined;
  const rows = new Map<string, Array<Record<string, unknown>>>();
  const sequences: Array<{ sequence: string; value: string }> = [];
  const files = new Set<string>();
  await prepareDataDir(dataDir);
  for await (const text of input) {
    const parsed = line.safeParse(parseJson(text));
    if (!parsed.success) throw new AdminError('invalid', `${file} is not a backup written by \`backup\`.`);
    const entry = parsed.data;
    if ('format' in entry) header = entry;
    else if (!header) throw new AdminError('invalid', `${file} is not a backup written by \`backup\`.`);
    else if ('table' in entry) {
      const tableRows = rows.get(entry.table) ?? [];
      tableRows.push(entry.row);
      rows.set(entry.table, tableRows);
    } else if ('sequence' in entry) sequences.push(entry);
    else {
      const target = path.resolve(dataDir, entry.file);
      const top = entry.file.split('/')[0] ?? '';
      if (!target.startsWith(`${path.resolve(dataDir)}${path.sep}`) || top === 'pglite')
        throw new AdminError('invalid', `${file} names a file outside DATA_DIR: ${entry.file}`);
      await mkdir(path.dirname(target), { recursive: true });
      await appendFile(target, Buffer.from(entry.data, 'base64'));
      files.add(entry.file);
    }
  }
  if (!header) throw new AdminError('invalid', `${file} is empty.`);
  const known = await readProjectMigrations();
  const wanted = new Set(header.migrations);
  const missing = header.migrations.filter((id) => !known.some((m) => `${m.version}_${m.name}` === id));
  if (missing.length > 0) {
    throw new AdminError(
      'invalid',
      `The backup was made by a newer version (migrations ${missing.join(', ')}): update first.`,
    );
  }
  // The backup's own schema; the server applies any newer migrations at its next start.
  const { db } = await openMigratedDatabase(
    { dataDir },
    { migrations: known.filter((m) => wanted.has(`${m.version}_${m.name}`)) },
  );
  const rowCount = await restoreSnapshot(db, rows, sequences).finally(() => db.close());
  await removeGroupAndWorldAccess(dataDir);
  return { rows: rowCount, files: files.size };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function timestamp() {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
