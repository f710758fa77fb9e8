import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineRounds, type RecordedAnswer, recordGuidesAnswer } from './api.ts';
import { type Running, startBareHono } from './processes.ts';

const round = (average: number, p99: number, total: number, statuses: Record<string, number>) => ({
  requests: { average, total },
  latency: { p50: p99 / 2, p99 },
  errors: 0,
  non2xx: Object.entries(statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0),
  statusCodeStats: Object.fromEntries(Object.entries(statuses).map(([code, count]) => [code, { count }])),
});

describe('combineRounds', () => {
  it('takes the median of the rates and latencies and the sum of the counts', () => {
    const combined = combineRounds([
      round(900, 30, 9000, { 200: 9000 }),
      round(1200, 10, 12000, { 200: 11990, 500: 10 }),
      round(1000, 20, 10000, { 200: 10000 }),
    ]);
    expect(combined).toEqual({
      requestsPerSecond: 1000,
      p50Ms: 10,
      p99Ms: 20,
      rounds: [900, 1200, 1000],
      errors: 10,
      total: 31000,
      statuses: { 200: 30990, 500: 10 },
    });
  });

  it('takes the mean of the middle two for an even number of rounds', () => {
    expect(combineRounds([round(800, 10, 1, {}), round(1000, 30, 1, {})])).toMatchObject({
      requestsPerSecond: 900,
      p99Ms: 20,
    });
  });
});

describe('the bare Hono reference', () => {
  const answer: RecordedAnswer = {
    path: '/rest/v1/guides',
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-range': '0-1/*',
      etag: 'W/"bench"',
      'x-content-type-options': 'nosniff',
    },
    bodyBase64: Buffer.from('[{"id":1,"name":"Ana"},{"id":2,"name":"Bo"}]').toString('base64'),
  };
  let folder: string;
  let server: Running;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'bench-answer-test-'));
    const answerFile = path.join(folder, 'guides.json');
    writeFileSync(answerFile, JSON.stringify(answer));
    server = await startBareHono(answerFile);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the guides query with the recorded status, headers and bytes', async () => {
    expect(await recordGuidesAnswer(server.url)).toEqual(answer);
  });
});
