// The bench's reference for the guides read: a bare Hono app on @hono/node-server answering one recorded answer.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';

const answerSchema = z.object({
  path: z.string().startsWith('/'),
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  bodyBase64: z.string(),
});

const [portArgument, answerFile] = process.argv.slice(2);
if (!portArgument || !answerFile) throw new Error('Usage: bare-hono-server.mjs <port> <answer.json>');
const answer = answerSchema.parse(JSON.parse(readFileSync(answerFile, 'utf8')));
const body = Buffer.from(answer.bodyBase64, 'base64');

const app = new Hono();
app.get(answer.path, (c) => c.body(body, answer.status, answer.headers));

const server = serve({ fetch: app.fetch, port: Number(portArgument), hostname: '127.0.0.1' }, () =>
  console.log(`listening on ${portArgument}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
