import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createAdminToken, removeEndpointFile, writeEndpointFile } from './admin/admin-endpoint-file.ts';
import { createDatabaseAdmin } from './admin/database-admin.ts';
import { describeHolder, tryLockDataDir } from './admin/data-dir-lock.ts';
import { createAdminApp, createApp } from './app.ts';
import { openDatabase } from './db/open-database.ts';
import { migrate, readMigrations } from './db/migrate.ts';
import { seedGuides } from './db/seed.ts';
import { readEnv } from './env.ts';
import { loadSite } from './routes/static/load-site.ts';
import { createTransport } from './outbox/create-transport.ts';
import { releaseClaimsOfDeadRun, startOutboxWorker } from './outbox/outbox-worker.ts';
import { corsPolicyFor } from '../../supabase/functions/_shared/cors.ts';
import { consoleLog } from '../../supabase/functions/_shared/log.ts';
import { createSendEmailHandler } from '../../supabase/functions/_shared/send-email-handler.ts';

const supabaseFolder = fileURLToPath(new URL('../../supabase/', import.meta.url));

const env = readEnv();
await mkdir(env.dataDir, { recursive: true });
const storageFolder = path.join(env.dataDir, 'storage');
await mkdir(path.join(storageFolder, 'guides'), { recursive: true });

// PGlite is single-process: hold DATA_DIR's lock while running (decision 0050).
const locked = env.databaseUrl ? undefined : tryLockDataDir(env.dataDir, 'server');
if (locked && 'holder' in locked) {
  const advice =
    locked.holder.role === 'server'
      ? 'Stop that server first, or give this one another DATA_DIR.'
      : 'Start the server again once the admin command has finished.';
  console.error(`${describeHolder(locked.holder, env.dataDir)} ${advice}`);
  process.exit(1);
}
process.on('exit', () => {
  removeEndpointFile(env.dataDir);
  locked?.lock.release();
});

// PGlite's Postgres is 9 MB of WebAssembly. V8 compiles it with its baseline compiler, then recompiles hot
// functions with its optimising one; keeping the baseline code only saves about 70 MB of this process's memory,
// and the database work of the hot paths (cached reads, batched sign-ups) is too small to miss the
// optimiser (decision 0043). It must be set before PGlite compiles its module, which happens in openDatabase.
if (!env.databaseUrl) v8.setFlagsFromString('--liftoff-only');
const db = await openDatabase(env);
const migrations = await readMigrations(path.join(supabaseFolder, 'migrations'));
const applied = await migrate(db, migrations);
if (applied.length === migrations.length) {
  await seedGuides(
    db,
    {
      seedSql: path.join(supabaseFolder, 'seed.sql'),
      storageFolder: path.join(supabaseFolder, 'storage', 'guides'),
    },
    path.join(storageFolder, 'guides'),
  );
}

const site = loadSite(env.distDir);
if (site.files.size === 0)
  console.warn(`No built site in ${env.distDir}: run \`npm run build\` (npm start does it for you).`);

const mail = createTransport(env.mail, consoleLog);
if (!env.databaseUrl) {
  const released = await releaseClaimsOfDeadRun(db);
  if (released > 0) consoleLog.warn({ event: 'outbox.released_claims_of_dead_run', count: released });
}
const worker = startOutboxWorker(
  {
    db,
    transport: mail.transport,
    log: consoleLog,
    mailFrom: env.mailFrom,
    courseUrl: env.courseUrl,
    siteUrl: env.siteUrl,
    workerId: `${os.hostname()}:${process.pid}`,
  },
  { pollSeconds: 5 },
);
const sendEmail = createSendEmailHandler({
  db,
  log: consoleLog,
  cors: corsPolicyFor([env.siteUrl]),
  limits: env.signupLimits,
  source: 'embedded',
  onQueued: () => worker.wake(),
});

const app = createApp({
  db,
  storageFolder,
  site,
  anonKey: env.anonKey,
  sendEmail,
  trustProxy: env.trustProxy,
});
const server = serve(
  {
    fetch: app.fetch,
    port: env.port,
    hostname: env.host,
    // A client that dribbles its headers or body would otherwise hold a connection for Node's defaults
    // (60 s for headers, 300 s per request). A sign-up is at most 8 KB: 10 s and 15 s are plenty, and the
    // check runs every second instead of every 30 s (decision 0061).
    serverOptions: { headersTimeout: 10_000, requestTimeout: 15_000, connectionsCheckingInterval: 1_000 },
  },
  (info) => {
    console.log(
      [
        `Three Lenses is running at http://localhost:${info.port}`,
        `  database: ${db.description}${applied.length > 0 ? ` (applied ${applied.join(', ')})` : ''}`,
        `  data:     ${env.dataDir}`,
        `  e-mail:   ${mail.description}`,
      ].join('\n'),
    );
  },
);

// On PGlite the owner's tool reaches the database through this loopback-only listener (decision 0050).
const adminToken = createAdminToken();
const adminServer = env.databaseUrl
  ? undefined
  : serve(
      {
        fetch: createAdminApp({ admin: createDatabaseAdmin(db), token: adminToken }).fetch,
        port: 0,
        hostname: '127.0.0.1',
      },
      (info) =>
        writeEndpointFile(env.dataDir, {
          url: `http://127.0.0.1:${info.port}`,
          token: adminToken,
          pid: process.pid,
        }),
    );

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing open requests, then stopping.`);
  adminServer?.close();
  const serverClosed = new Promise((resolve) => server.close(resolve));
  Promise.all([serverClosed, worker.stop()])
    .then(() => db.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
