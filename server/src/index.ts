import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/open-database.ts';
import { migrate, readMigrations } from './db/migrate.ts';
import { seedGuides } from './db/seed.ts';
import { readEnv } from './env.ts';
import { loadSite } from './routes/static/load-site.ts';
import { createTransport } from './outbox/create-transport.ts';
import { startOutboxWorker } from './outbox/outbox-worker.ts';
import { corsPolicyFor } from '../../supabase/functions/_shared/cors.ts';
import { consoleLog } from '../../supabase/functions/_shared/log.ts';
import { createSendEmailHandler } from '../../supabase/functions/_shared/send-email-handler.ts';

const supabaseFolder = fileURLToPath(new URL('../../supabase/', import.meta.url));

const env = readEnv();
await mkdir(env.dataDir, { recursive: true });
const storageFolder = path.join(env.dataDir, 'storage');
await mkdir(path.join(storageFolder, 'guides'), { recursive: true });

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
const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  console.log(
    [
      `Three Lenses is running at http://localhost:${info.port}`,
      `  database: ${db.description}${applied.length > 0 ? ` (applied ${applied.join(', ')})` : ''}`,
      `  data:     ${env.dataDir}`,
      `  e-mail:   ${mail.description}`,
    ].join('\n'),
  );
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing open requests, then stopping.`);
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
