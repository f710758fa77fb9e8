import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadJwtKeys } from './auth/load-jwt-keys.ts';
import { createClientAddress } from './http/client-address.ts';
import { readOrCreateSecret, removeGroupAndWorldAccess } from './db/data-dir.ts';
import { describeHolder, lockDataDirForServer } from './db/data-dir-lock.ts';
import { erasureHasher } from './db/erasures.ts';
import { readMigrations } from './db/migrate.ts';
import { openMigratedDatabase } from './db/open-database.ts';
import { addFirstOwner } from './db/owners.ts';
import { seedSampleContent } from './db/seed.ts';
import { startErasureFinisher } from './jobs/erasure-finisher.ts';
import { findFfmpeg } from './lessons/find-ffmpeg.ts';
import { releaseStreamJobsOfDeadRun } from './lessons/stream-jobs.ts';
import { startStreamMaker } from './jobs/stream-maker.ts';
import { localhostLinksWarning } from './startup/localhost-links.ts';
import { startPageViewCounter } from './page-views/page-view-counter.ts';
import { loadSite } from './routes/static/load-site.ts';
import { startSitePublisher } from './site/published-site.ts';
import { createTransport } from './outbox/create-transport.ts';
import { embeddedSignInLinks } from './outbox/embedded-sign-in-links.ts';
import { createUnsubscribeLinks } from '../../supabase/functions/_shared/unsubscribe.ts';
import { releaseClaimsOfDeadRun, startOutboxWorker } from './outbox/outbox-worker.ts';
import { startReminderScheduler } from './jobs/reminder-scheduler.ts';
import {
  checkPortFree,
  exitAtStartup,
  exitOnDatabaseFailure,
  listenProblem,
  prepareDataDirAtStartup,
  readEnvAtStartup,
} from './startup/startup-error.ts';
import { corsPolicyFor } from '../../supabase/functions/_shared/cors.ts';
import { addressHasher, consoleLog, redactAddresses } from '../../supabase/functions/_shared/log.ts';
import { createSendEmailHandler } from '../../supabase/functions/_shared/send-email-handler.ts';
import { recordLaunchFacts } from '../../supabase/functions/_shared/launch-facts.ts';

const supabaseFolder = fileURLToPath(new URL('../../supabase/', import.meta.url));

const env = readEnvAtStartup();
const linksWarning = localhostLinksWarning(env);
if (linksWarning) console.warn(linksWarning);
// The port and DATA_DIR are checked before any database is opened or created (startup-error.ts).
await checkPortFree(env);
await prepareDataDirAtStartup(env.dataDir);
// Log lines carry a keyed hash of an e-mail address, never the address (docs/privacy-and-data.md).
const logHashKey = env.logHashKey ?? (await readOrCreateSecret(env.dataDir, 'log-hash-key'));
const log = redactAddresses(consoleLog, addressHasher(logHashKey));
const jwt = await loadJwtKeys(env);
const storageFolder = path.join(env.dataDir, 'storage');
await mkdir(path.join(storageFolder, 'guides'), { recursive: true });
await mkdir(path.join(storageFolder, 'teaser'), { recursive: true });
await mkdir(path.join(storageFolder, 'course'), { recursive: true });

// PGlite is single-process: hold DATA_DIR's lock while running, after any admin command that has it (decision 0063).
const locked = env.databaseUrl
  ? undefined
  : await lockDataDirForServer(env.dataDir, (holder) =>
      console.log(`Waiting for an admin command to finish with ${env.dataDir} (process ${holder.pid})…`),
    );
if (locked && 'holder' in locked) {
  exitAtStartup(
    'dataDirHeld',
    `${describeHolder(locked.holder, env.dataDir)} Stop that server first, or give this one another DATA_DIR.`,
  );
}
process.on('exit', () => locked?.lock.release());

// V8 would recompile PGlite's WebAssembly with its optimising compiler and keep both copies; the baseline code
// alone keeps this process's memory within its budget (decision 0043). Set before PGlite is compiled.
if (!env.databaseUrl) v8.setFlagsFromString('--liftoff-only');
const { db, applied } = await openMigratedDatabase(env, {
  // Read from this file's place, which the compiled server (server/dist/index.mjs) keeps.
  migrations: await readMigrations(path.join(supabaseFolder, 'migrations')),
  onOpenFailure: exitOnDatabaseFailure(env.databaseUrl),
});
await seedSampleContent(db, applied, { supabaseFolder, storageFolder });
if (env.ownerEmail) await addFirstOwner(db, env.ownerEmail, log);
// The studio's launch checklist says whether e-mail still goes to the file mailbox and links to localhost.
await recordLaunchFacts(db, { mailTransport: env.mail.transport, siteUrl: env.siteUrl });
// PGlite unpacks its first files 0666 and the seed copies keep their source's mode: make them the owner's only.
await removeGroupAndWorldAccess(env.dataDir);

// On PGlite the owner's tool and psql reach the database through DATA_DIR/.s.PGSQL.5432 (decision 0063).
const socket =
  'serveSocket' in db
    ? await db.serveSocket(env.dataDir).catch((error: unknown) => {
        console.warn(
          `No Postgres socket in ${env.dataDir} (${String(error)}): npm run admin cannot reach this server.`,
        );
        return undefined;
      })
    : undefined;

const site = loadSite(env.distDir);
if (site.files.size === 0)
  console.warn(`No built site in ${env.distDir}: run \`npm run build\` (npm start does it for you).`);
// What the owner publishes in the studio's Site section is served within seconds, prerendered in her words.
const sitePublisher = startSitePublisher(db, log, site, {
  distDir: env.distDir,
  intervalSeconds: 2,
  deployHookUrl: env.deployHookUrl,
});

const mail = createTransport(env.mail, log);
if (!env.databaseUrl) {
  const released = await releaseClaimsOfDeadRun(db);
  if (released > 0) log.warn({ event: 'outbox.released_claims_of_dead_run', count: released });
  const streamJobs = await releaseStreamJobsOfDeadRun(db);
  if (streamJobs > 0) log.warn({ event: 'lessons.released_stream_jobs_of_dead_run', count: streamJobs });
}
const worker = startOutboxWorker(
  {
    db,
    transport: mail.transport,
    log,
    mailFrom: env.mailFrom,
    signInLinks: embeddedSignInLinks(db, env.siteUrl),
    unsubscribeLinks: createUnsubscribeLinks(db, { siteUrl: env.siteUrl, apiUrl: env.apiUrl }),
    siteUrl: env.siteUrl,
    workerId: `${os.hostname()}:${process.pid}`,
  },
  { pollSeconds: 5 },
);
const reminders = startReminderScheduler(db, log, {
  intervalSeconds: 15 * 60,
  onQueued: () => worker.wake(),
});
// What the studio erased: the erasure record, the .eml files and the compaction follow within seconds.
const erasures = startErasureFinisher(db, log, {
  hasher: erasureHasher(logHashKey),
  mailFolder: path.join(env.dataDir, 'mail'),
  intervalSeconds: 10,
});
// The studio's uploads become adaptive streams (one job at a time), with ffmpeg when it is installed.
const streams = startStreamMaker(db, log, {
  courseFolder: path.join(storageFolder, 'course'),
  tools: () => {
    const found = findFfmpeg();
    return found.ffmpeg === undefined ? { missing: found.missing } : { ffmpeg: found.ffmpeg };
  },
  intervalSeconds: 5,
});
const cors = corsPolicyFor(env.siteUrls);
const sendEmail = createSendEmailHandler({
  db,
  log,
  cors,
  limits: env.signupLimits,
  source: 'embedded',
  onQueued: () => worker.wake(),
});

const pageViews = env.countPageViews ? startPageViewCounter({ db, log }) : undefined;
const app = createApp({
  db,
  storageFolder,
  uploads: { folder: path.join(env.dataDir, 'uploads'), maxBytes: env.uploadMaxBytes },
  site,
  anonKey: env.anonKey,
  siteUrl: env.siteUrl,
  cors,
  sendEmail,
  testEmail: { transport: mail.transport, mailFrom: env.mailFrom },
  jwt,
  sessionMaxLifetimeSeconds: env.sessionMaxLifetimeSeconds,
  otp: {
    perIp: env.signupLimits.perIp,
    mailRequestsPerHour: env.signupLimits.mailRequestsPerHour,
    log,
    onQueued: () => worker.wake(),
  },
  clientAddress: createClientAddress(env.trustedProxies, log),
  pageViews,
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

// Another program can take the port between checkPortFree and here.
server.once('error', (error) => {
  const problem = listenProblem(error, env);
  if (problem) exitAtStartup('port', problem, error);
  throw error;
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing open requests, then stopping.`);
  const serverClosed = new Promise((resolve) => server.close(resolve));
  // The page views counted since the last write go in once no request is left to count one.
  Promise.all([
    serverClosed.then(() => pageViews?.stop()),
    reminders.stop().then(() => worker.stop()),
    erasures.stop(),
    streams.stop(),
    sitePublisher.stop(),
    socket?.close(),
  ])
    .then(() => db.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
