// Load tests with autocannon: the two calls the page makes, a bare Hono app serving the guides answer as the
// guides' reference, the page and the guides with the page-view counter on and off, and a bare hello-world
// server for information.
import { request } from 'node:http';
import autocannon from 'autocannon';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { median } from './median.ts';

const GUIDES_ROUTE = '/rest/v1/guides';
const GUIDES_PATH = `${GUIDES_ROUTE}?select=id%2Cname%2Ctitle%2Cquote%2Cimage_url%2Corder_index&is_active=eq.true&order=order_index.asc`;
const SEND_EMAIL_PATH = '/functions/v1/send-email';

/** The headers supabase-js sends with these calls. */
const SUPABASE_HEADERS = {
  apikey: EMBEDDED_ANON_KEY,
  authorization: `Bearer ${EMBEDDED_ANON_KEY}`,
  'x-client-info': 'supabase-js-web/bench',
};
const GUIDES_HEADERS = { ...SUPABASE_HEADERS, 'accept-profile': 'public' };

export interface LoadResult {
  /** The median over the rounds (the mean of the middle two for an even count). */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests/s of each round, in the order they ran. */
  rounds: number[];
  /** Connection errors, timeouts and non-2xx answers, over all rounds. */
  errors: number;
  total: number;
  /** Answers by status code, so a reader sees what the errors were. */
  statuses: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

type Target = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'> & { url: string };

/** The part of autocannon's result that a round contributes. */
interface Round {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count?: number }>;
}

/** One result from several rounds of the same load: medians of the rates and latencies, sums of the counts. */
export function combineRounds(rounds: Round[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, stats] of Object.entries(round.statusCodeStats ?? {}))
      statuses[code] = (statuses[code] ?? 0) + (stats.count ?? 0);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    requestsPerSecond: median(rounds.map((round) => round.requests.average)),
    p50Ms: median(rounds.map((round) => round.latency.p50)),
    p99Ms: median(rounds.map((round) => round.latency.p99)),
    rounds: rounds.map((round) => round.requests.average),
    errors: sum(rounds.map((round) => round.errors + round.non2xx)),
    total: sum(rounds.map((round) => round.requests.total)),
    statuses,
  };
}

function run(target: Target, options: LoadOptions, seconds = options.durationSeconds) {
  return autocannon({ ...target, connections: options.connections, duration: seconds, timeout: 10 });
}

async function load(target: Target, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(target, options, options.warmupSeconds);
  return combineRounds([await run(target, options)]);
}

/**
 * Loads two targets in turns, each round as long, so that whatever else the machine does falls on both alike;
 * the pairs run a-b, b-a, a-b, …, so neither always follows a warm-up or the other's load.
 */
async function loadAlternately(
  a: Target,
  b: Target,
  options: LoadOptions,
  rounds: number,
): Promise<[LoadResult, LoadResult]> {
  if (options.warmupSeconds > 0) {
    await run(a, options, options.warmupSeconds);
    await run(b, options, options.warmupSeconds);
  }
  const resultsA: autocannon.Result[] = [];
  const resultsB: autocannon.Result[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      resultsA.push(await run(a, options));
      resultsB.push(await run(b, options));
    } else {
      resultsB.push(await run(b, options));
      resultsA.push(await run(a, options));
    }
  }
  return [combineRounds(resultsA), combineRounds(resultsB)];
}

export function loadHelloWorld(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  return load({ url: `${baseUrl}/` }, options);
}

/** One answer as a server sent it, for the bare Hono app to repeat byte for byte. */
export interface RecordedAnswer {
  path: string;
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** Headers that belong to the connection or the moment rather than to the answer; Node sets its own. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
]);

function holdsRows(body: Buffer): boolean {
  try {
    const rows: unknown = JSON.parse(body.toString());
    return Array.isArray(rows) && rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * Asks for the guides the way the load does (node:http, so nothing decodes or adds headers) and records the
 * answer; it must hold seeded guides.
 */
export function recordGuidesAnswer(baseUrl: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(GUIDES_PATH, baseUrl), { headers: GUIDES_HEADERS }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        const status = incoming.statusCode ?? 0;
        if (status !== 200 || !holdsRows(body)) {
          reject(
            new Error(`The guides query answered ${status} ${body.toString()}; expected seeded guides.`),
          );
          return;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name))
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ path: GUIDES_ROUTE, status, headers, bodyBase64: body.toString('base64') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export function loadGuides(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  return load({ url: baseUrl + GUIDES_PATH, headers: GUIDES_HEADERS }, options);
}

/** Our guides read and the bare Hono app's copy of its answer, in turns: [ours, bare Hono]. */
export function loadGuidesAgainstBareHono(
  baseUrl: string,
  bareHonoUrl: string,
  options: LoadOptions,
  rounds: number,
): Promise<[LoadResult, LoadResult]> {
  return loadAlternately(
    { url: baseUrl + GUIDES_PATH, headers: GUIDES_HEADERS },
    { url: bareHonoUrl + GUIDES_PATH, headers: GUIDES_HEADERS },
    options,
    rounds,
  );
}

/** One load on the server that counts page views and on one started with COUNT_PAGE_VIEWS=false. */
export interface CounterOnAndOff {
  on: LoadResult;
  off: LoadResult;
}

/**
 * GET / as a browser opening it (the navigation headers the counter asks for; one visitor, counted once a day), then the guides read, each
 * on the server counting page views and on one alike but for COUNT_PAGE_VIEWS=false, in turns.
 */
export async function loadWithCounterOnAndOff(
  countingUrl: string,
  notCountingUrl: string,
  options: LoadOptions,
  rounds: number,
): Promise<{ page: CounterOnAndOff; guides: CounterOnAndOff }> {
  const navigation = (baseUrl: string): Target => ({
    url: `${baseUrl}/`,
    headers: {
      'accept-encoding': 'gzip, deflate, br',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'sec-fetch-site': 'none',
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
    },
  });
  const guides = (baseUrl: string): Target => ({ url: baseUrl + GUIDES_PATH, headers: GUIDES_HEADERS });
  const [pageOn, pageOff] = await loadAlternately(
    navigation(countingUrl),
    navigation(notCountingUrl),
    options,
    rounds,
  );
  const [guidesOn, guidesOff] = await loadAlternately(
    guides(countingUrl),
    guides(notCountingUrl),
    options,
    rounds,
  );
  return { page: { on: pageOn, off: pageOff }, guides: { on: guidesOn, off: guidesOff } };
}

/** Every request signs up a new address, so each one is a real, durable sign-up with its e-mail queued. */
export function loadSendEmail(baseUrl: string, options: LoadOptions, runId: string): Promise<LoadResult> {
  let counter = 0;
  return load(
    {
      url: baseUrl + SEND_EMAIL_PATH,
      method: 'POST',
      headers: { ...SUPABASE_HEADERS, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest(request) {
            counter += 1;
            return {
              ...request,
              body: JSON.stringify({
                name: `Bench Visitor ${counter}`,
                email: `bench-${runId}-${counter}@example.com`,
              }),
            };
          },
        },
      ],
    },
    options,
  );
}
