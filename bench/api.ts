// Load tests with autocannon: the two calls the page makes, and a bare hello-world server as the ceiling.
import autocannon from 'autocannon';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';

const GUIDES_PATH =
  '/rest/v1/guides?select=id%2Cname%2Ctitle%2Cquote%2Cimage_url%2Corder_index&is_active=eq.true&order=order_index.asc';
const SEND_EMAIL_PATH = '/functions/v1/send-email';

/** The headers supabase-js sends with these calls. */
const SUPABASE_HEADERS = {
  apikey: EMBEDDED_ANON_KEY,
  authorization: `Bearer ${EMBEDDED_ANON_KEY}`,
  'x-client-info': 'supabase-js-web/bench',
};

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
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

async function run(target: Target, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ ...target, connections, duration, timeout: 10 });
}

async function load(target: Target, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(target, options.connections, options.warmupSeconds);
  const result = await run(target, options.connections, options.durationSeconds);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
    statuses,
  };
}

export function loadHelloWorld(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  return load({ url: `${baseUrl}/` }, options);
}

export async function loadGuides(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  const headers = { ...SUPABASE_HEADERS, 'accept-profile': 'public' };
  const probe = await fetch(baseUrl + GUIDES_PATH, { headers });
  const rows: unknown = await probe.json();
  if (!probe.ok || !Array.isArray(rows) || rows.length === 0) {
    throw new Error(
      `The guides query answered ${probe.status} ${JSON.stringify(rows)}; expected seeded guides.`,
    );
  }
  return load({ url: baseUrl + GUIDES_PATH, headers }, options);
}

/** Whether the server has the send-email function at all (it answers 404 with the site's page where not). */
export async function hasSendEmail(baseUrl: string): Promise<boolean> {
  const response = await fetch(baseUrl + SEND_EMAIL_PATH, {
    method: 'POST',
    headers: { ...SUPABASE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Probe', email: `probe-${Date.now()}@bench.example.com` }),
  });
  await response.arrayBuffer();
  return response.status !== 404 && response.status !== 405;
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
