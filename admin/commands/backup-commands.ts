// `backup` and `restore`: one file holding a consistent snapshot of the embedded database and DATA_DIR's own
// files (pictures, lesson videos; with --with-secrets also the keys, sessions, sign-in links and the mailbox),
// taken while the server runs; and a new DATA_DIR made from such a file, erasing again whoever was erased
// since. The file is gzip'd JSON lines: a header, then rows, sequences and file chunks.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { appendFile, chmod, mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Command } from 'commander';
import { z } from 'zod';
import { readEnv } from '../../server/src/env.ts';
import {
  DATA_DIR_SECRETS,
  openMigratedDatabase,
  prepareDataDir,
  readProjectMigrations,
  readLogHashKey,
  removeGroupAndWorldAccess,
  SOCKET_FILE,
} from '../../server/src/db/index.ts';
import { eraseMailTo } from '../../server/src/outbox/file-mailbox-door.ts';
import { AdminError } from '../admin-error.ts';
import { plural } from './text-table.ts';
import type { AdminContext } from '../admin-context.ts';
import { readSnapshot, restoreSnapshot } from '../database-snapshot.ts';
import {
  compactErasedTables,
  erasureHasher,
  type ErasureRecord,
  erasureRecord,
  reapplyErasures,
} from '../erasures.ts';

const FORMAT = 'three-lenses-backup';
const CHUNK_BYTES = 1024 * 1024;

const headerLine = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  /** Whether the keys, sessions, sign-in links and the mailbox are in it (absent in older backups: they were). */
  withSecrets: z.boolean().default(true),
});

const line = z.union([
  headerLine,
  z.object({ table: z.string(), row: z.record(z.string(), z.unknown()) }),
  z.object({ sequence: z.string(), value: z.string() }),
  z.object({ file: z.string(), data: z.string() }),
]);

/** Where backups go unless --output says otherwise. */
const BACKUPS_FOLDER = 'backups';
const SECRET_FILES: ReadonlySet<string> = new Set(DATA_DIR_SECRETS);
/** Live credentials: a session or sign-in link in a backup would work on the running site. */
const SECRET_TABLES: ReadonlySet<string> = new Set([
  'auth.sessions',
  'auth.refresh_tokens',
  'auth.one_time_tokens',
]);
/** The file mailbox: its e-mails carry sign-in links. */
const MAIL_FOLDER = 'mail';
const ERASURES_TABLE = 'public.erasures';

/**
 * DATA_DIR's files but the database itself, its socket and its lock (the database comes from the snapshot),
 * the backups, an e-mail the file mailbox is still writing (`.part`: renamed into place once whole), and
 * without secrets the keys and the mailbox.
 */
async function* dataFiles(dataDir: string, withSecrets: boolean, folder = ''): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(dataDir, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (
      folder === '' &&
      (entry.name === 'pglite' ||
        entry.name === 'pglite.lock' ||
        entry.name.startsWith(SOCKET_FILE) ||
        entry.name === BACKUPS_FOLDER ||
        (!withSecrets && (SECRET_FILES.has(entry.name) || entry.name === MAIL_FOLDER)))
    )
      continue;
    if (entry.isDirectory()) yield* dataFiles(dataDir, withSecrets, relative);
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
      'the file to write (never overwritten); default: a new file in DATA_DIR/backups',
    )
    .option(
      '--with-secrets',
      'also the keys (JWT secret, log-hash key), sessions, unused sign-in links and the mailbox: a restore then signs nobody out',
    )
    .action(async (options: { output?: string; withSecrets?: true }) => {
      const withSecrets = options.withSecrets === true;
      const env = readEnv();
      if (env.databaseUrl) {
        throw new AdminError(
          'invalid',
          'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/self-hosting.md); this backs up the embedded database in DATA_DIR.',
        );
      }
      const output =
        options.output === undefined
          ? path.join(await backupsFolder(env.dataDir), `three-lenses-backup-${timestamp()}.jsonl.gz`)
          : path.resolve(options.output);
      if (existsSync(output))
        throw new AdminError('invalid', `${output} exists already; name a new file with --output.`);
      // The file is written after the snapshot's transaction ends.
      const snapshot = await context.withSession(({ db }) => readSnapshot(db));
      let rowCount = 0;
      let fileCount = 0;
      async function* lines() {
        yield `${JSON.stringify({ format: FORMAT, version: 1, createdAt: new Date().toISOString(), migrations: snapshot.migrations, withSecrets })}\n`;
        for (const { table, rows } of snapshot.tables) {
          if (!withSecrets && SECRET_TABLES.has(table)) continue;
          for (const { row } of rows) {
            rowCount += 1;
            yield `${JSON.stringify({ table, row })}\n`;
          }
        }
        for (const [sequence, { value }] of snapshot.sequences) {
          if (value !== null) yield `${JSON.stringify({ sequence, value })}\n`;
        }
        for await (const file of dataFiles(env.dataDir, withSecrets)) {
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
        `Backed up ${rowCount} rows of ${snapshot.tables.length} tables and ${fileCount} files of ${env.dataDir} to ${output}.\n` +
          (withSecrets
            ? 'It holds the keys, sessions, sign-in links and e-mails too: keep it where only you can read it.\n'
            : 'Left out: the keys (jwt-secret, log-hash-key), sessions, sign-in links and the mailbox (add --with-secrets to keep them).\n'),
      );
    });

  program
    .command('restore')
    .description(
      'make a new DATA_DIR from a backup file (DATA_DIR must not exist yet, or hold nothing but its own keys), erasing again whoever was erased after the backup',
    )
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
      const existing = existsSync(env.dataDir) ? await readdir(env.dataDir) : [];
      if (existing.some((entry) => !SECRET_FILES.has(entry))) {
        throw new AdminError(
          'invalid',
          `DATA_DIR (${env.dataDir}) is not empty: restore into a new folder (it may hold its own ${DATA_DIR_SECRETS.join(' and ')}).`,
        );
      }
      const existed = existsSync(env.dataDir);
      const restored = await restore(path.resolve(file), env.dataDir, env.logHashKey).catch(
        async (error: unknown) => {
          // A restore that stops midway leaves DATA_DIR as it found it, not half made.
          if (existed) {
            for (const entry of await readdir(env.dataDir))
              if (!existing.includes(entry)) await rm(path.join(env.dataDir, entry), { recursive: true });
          } else {
            await rm(env.dataDir, { recursive: true, force: true });
          }
          throw error;
        },
      );
      const kept = existing.length > 0 ? `kept DATA_DIR's own ${existing.join(' and ')}` : '';
      context.io.stdout(
        `Restored ${restored.rows} rows and ${restored.files} files into ${env.dataDir}.\n` +
          (restored.withSecrets
            ? `The backup held the keys, sessions and sign-in links${kept ? `; ${kept}` : ''}.\n`
            : `The backup held no keys, sessions or sign-in links: ${kept || 'DATA_DIR has no keys'}${
                existing.length < DATA_DIR_SECRETS.length
                  ? '; the server makes the missing ones at its first start'
                  : ''
              }. Everyone signs in again.\n`) +
          `Re-erased ${plural(restored.reErased, 'person', 'people')} erased after this backup was made` +
          ` (${plural(restored.erasureRecords, 'erasure record')} checked).\n` +
          `Start the server with DATA_DIR=${env.dataDir}.\n`,
      );
    });
}

/** DATA_DIR/backups: the owner's only, and ignored by git wherever DATA_DIR is. */
async function backupsFolder(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, BACKUPS_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  const ignore = path.join(folder, '.gitignore');
  if (!existsSync(ignore))
    await writeFile(ignore, '# Backups hold personal data: never commit them.\n*\n', { mode: 0o600 });
  return folder;
}

type Header = z.output<typeof headerLine>;

/** The erasure records of the backups in `file`'s folder made after `after`: the people erased since. */
async function laterErasures(file: string, after: string): Promise<ErasureRecord[]> {
  const records: ErasureRecord[] = [];
  for (const name of await readdir(path.dirname(file))) {
    const other = path.join(path.dirname(file), name);
    if (other === file || !name.endsWith('.jsonl.gz')) continue;
    const source = createReadStream(other);
    const input = createInterface({ input: source.pipe(createGunzip()), crlfDelay: Infinity });
    let header: Header | undefined;
    try {
      for await (const text of input) {
        const parsed = line.safeParse(parseJson(text));
        if (!parsed.success) break;
        const entry = parsed.data;
        if ('format' in entry) {
          if (entry.createdAt <= after) break;
          header = entry;
        } else if (!header || !('table' in entry)) break;
        else if (entry.table === ERASURES_TABLE) records.push(erasureRecord.parse(entry.row));
      }
    } catch {
      // Not a backup (or a damaged one): it names no erasures.
    } finally {
      input.close();
      source.destroy();
    }
  }
  return records;
}

async function restore(file: string, dataDir: string, logHashKey: string | undefined) {
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let header: Header | undefined;
  const rows = new Map<string, Array<Record<string, unknown>>>();
  const sequences: Array<{ sequence: string; value: string }> = [];
  const files = new Set<string>();
  for await (const text of input) {
    const parsed = line.safeParse(parseJson(text));
    if (!parsed.success) throw new AdminError('invalid', `${file} is not a backup written by \`backup\`.`);
    const entry = parsed.data;
    if ('format' in entry) {
      // DATA_DIR is made only for a file that begins as a backup does.
      if (!header) await prepareDataDir(dataDir);
      header = entry;
    } else if (!header) throw new AdminError('invalid', `${file} is not a backup written by \`backup\`.`);
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
      // DATA_DIR's own key wins over the backup's.
      if (SECRET_FILES.has(entry.file) && !files.has(entry.file) && existsSync(target)) continue;
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
  const own = (rows.get(ERASURES_TABLE) ?? []).map((row) => erasureRecord.parse(row));
  const ownHashes = new Set(own.map((record) => record.address_hash));
  const later = (await laterErasures(file, header.createdAt)).filter(
    (record) => !ownHashes.has(record.address_hash),
  );
  const key = await readLogHashKey({ logHashKey, dataDir });
  const hasher = key === undefined ? undefined : erasureHasher(key);
  const unreadable = later.filter((record) => record.key_id !== hasher?.keyId);
  if (unreadable.length > 0) {
    throw new AdminError(
      'invalid',
      `Later backups beside ${path.basename(file)} record ${plural(unreadable.length, 'erasure')} made with a log-hash key ` +
        "that is not this DATA_DIR's: put the server's log-hash-key in DATA_DIR (or set LOG_HASH_KEY) and restore again, " +
        'so that nobody erased since comes back.',
    );
  }
  // The backup's own schema; the server applies any newer migrations at its next start.
  const { db } = await openMigratedDatabase(
    { dataDir },
    { migrations: known.filter((m) => wanted.has(`${m.version}_${m.name}`)) },
  );
  try {
    const rowCount = await restoreSnapshot(db, rows, sequences);
    let reErased: string[] = [];
    if (hasher && later.length > 0) {
      reErased = await reapplyErasures(db, later, hasher);
      for (const address of reErased) await eraseMailTo(path.join(dataDir, MAIL_FOLDER), address);
      if (reErased.length > 0) await compactErasedTables(db);
    }
    await removeGroupAndWorldAccess(dataDir);
    return {
      rows: rowCount,
      files: files.size,
      withSecrets: header.withSecrets,
      reErased: reErased.length,
      erasureRecords: own.length + later.length,
    };
  } finally {
    await db.close();
  }
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
