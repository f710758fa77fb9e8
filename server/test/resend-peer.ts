/**
 * A Resend-shaped API for tests, behaving as Resend documents it: POST /emails and POST /emails/batch (up to
 * 100 e-mails, strict or permissive validation), a rate per API key answered with 429 rate_limit_exceeded and
 * retry-after, idempotency keys that replay the first answer (409 for the same key with another body), a daily
 * quota answered with 429 daily_quota_exceeded, and 422 validation_error for addresses it is told to refuse.
 * Web-standard (Request in, Response out), so the Node suites and the edge function's Deno test run this one.
 */

interface DeliveredEmail {
  id: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** The e-mail's own headers, as Resend's `headers` field carries them (a reminder's List-Unsubscribe). */
  headers: Record<string, string>;
  idempotencyKey: string;
}

interface PeerRequest {
  /** ms since the epoch, when the request arrived. */
  at: number;
  path: string;
  status: number;
  emails: number;
  idempotencyKey: string | null;
  replayed: boolean;
}

export interface ResendPeerOptions {
  /** Requests per second per API key; Resend's default is 2. */
  ratePerSecond?: number;
  /** E-mails the quota allows per window (Infinity: none). */
  quota?: number;
  /** How long an exhausted quota refuses before it is renewed: Resend's daily quota is a day; tests shorten it. */
  quotaWindowMs?: number;
  /** Addresses answered 422 validation_error. */
  refuse?: Iterable<string>;
}

const BATCH_LIMIT = 100;

type Email = {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

function readEmail(value: unknown): Email | string {
  if (typeof value !== 'object' || value === null) return 'The email must be an object.';
  const record = value as Record<string, unknown>;
  const to = typeof record.to === 'string' ? [record.to] : record.to;
  if (!Array.isArray(to) || to.length === 0 || !to.every((entry) => typeof entry === 'string'))
    return 'The `to` field must be a `string` or an array of strings.';
  for (const field of ['from', 'subject'] as const)
    if (typeof record[field] !== 'string') return `The \`${field}\` field must be a \`string\`.`;
  return {
    from: String(record.from),
    to,
    subject: String(record.subject),
    html: typeof record.html === 'string' ? record.html : '',
    text: typeof record.text === 'string' ? record.text : '',
    headers:
      typeof record.headers === 'object' && record.headers !== null
        ? Object.fromEntries(Object.entries(record.headers).map(([name, value]) => [name, String(value)]))
        : {},
  };
}

const errorResponse = (status: number, name: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ statusCode: status, name, message }, { status, headers });

export function createResendPeer(options: ResendPeerOptions = {}) {
  const rate = options.ratePerSecond ?? 2;
  let quotaWindowMs = options.quotaWindowMs ?? 86_400_000;
  const refused = new Set(options.refuse ?? []);
  const requests: PeerRequest[] = [];
  const delivered: DeliveredEmail[] = [];
  /** Per API key: the arrival times of the requests its rate counted. */
  const admitted = new Map<string, number[]>();
  const answered = new Map<string, { body: string; status: number; answer: unknown }>();
  let quota = options.quota ?? Number.POSITIVE_INFINITY;
  let quotaUsed = 0;
  /** Set when the quota runs out, so that a slow machine still spends all of it before the refusals start. */
  let quotaResetsAt: number | undefined;

  function refusal(email: Email): string | undefined {
    const bad = email.to.find((address) => refused.has(address));
    return bad === undefined ? undefined : `The address ${bad} cannot receive e-mail (suppressed).`;
  }

  function accept(email: Email, key: string): { id: string } {
    const id = crypto.randomUUID();
    const { from, subject, html, text, headers } = email;
    for (const to of email.to)
      delivered.push({ id, to, from, subject, html, text, headers, idempotencyKey: key });
    return { id };
  }

  async function handle(
    request: Request,
    at: number,
  ): Promise<{ response: Response; emails: number; replayed: boolean }> {
    const path = new URL(request.url).pathname;
    const auth = request.headers.get('authorization') ?? '';
    if (request.method !== 'POST' || (path !== '/emails' && path !== '/emails/batch'))
      return {
        response: errorResponse(404, 'not_found', 'The requested endpoint does not exist.'),
        emails: 0,
        replayed: false,
      };
    if (!auth.startsWith('Bearer ') || auth.length <= 'Bearer '.length)
      return {
        response: errorResponse(401, 'missing_api_key', 'Missing API key in the authorization header.'),
        emails: 0,
        replayed: false,
      };

    const times = (admitted.get(auth) ?? []).filter((time) => time > at - 1000);
    admitted.set(auth, times);
    const limitHeaders = {
      'ratelimit-limit': String(rate),
      'ratelimit-remaining': String(Math.max(0, rate - times.length - 1)),
      'ratelimit-reset': '1',
    };
    if (times.length >= rate) {
      return {
        response: errorResponse(
          429,
          'rate_limit_exceeded',
          `Too many requests. You can only make ${rate} requests per second.`,
          { ...limitHeaders, 'ratelimit-remaining': '0', 'retry-after': '1' },
        ),
        emails: 0,
        replayed: false,
      };
    }
    times.push(at);

    const bodyText = await request.text();
    const key = request.headers.get('idempotency-key');
    const memoKey = key === null ? undefined : `${auth} ${path} ${key}`;
    const earlier = memoKey === undefined ? undefined : answered.get(memoKey);
    if (earlier) {
      if (earlier.body !== bodyText) {
        return {
          response: errorResponse(
            409,
            'invalid_idempotent_request',
            'Same idempotency key used with a different request payload.',
          ),
          emails: 0,
          replayed: false,
        };
      }
      return {
        response: Response.json(earlier.answer, { status: earlier.status, headers: limitHeaders }),
        emails: 0,
        replayed: true,
      };
    }

    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return {
        response: errorResponse(400, 'validation_error', 'Invalid JSON body.', limitHeaders),
        emails: 0,
        replayed: false,
      };
    }
    const batch = path === '/emails/batch';
    const items = batch ? body : [body];
    if (!Array.isArray(items) || items.length === 0 || items.length > BATCH_LIMIT) {
      return {
        response: errorResponse(
          422,
          'validation_error',
          `A batch holds 1 to ${BATCH_LIMIT} emails.`,
          limitHeaders,
        ),
        emails: 0,
        replayed: false,
      };
    }
    const permissive = batch && request.headers.get('x-batch-validation') === 'permissive';
    const emails = items.map(readEmail);
    const problems = emails.map((email) => (typeof email === 'string' ? email : refusal(email)));
    const firstProblem = problems.find((problem) => problem !== undefined);
    if (firstProblem !== undefined && !permissive) {
      return {
        response: errorResponse(422, 'validation_error', firstProblem, limitHeaders),
        emails: 0,
        replayed: false,
      };
    }
    const valid = emails.filter(
      (email, index): email is Email => typeof email !== 'string' && problems[index] === undefined,
    );

    if (quotaResetsAt !== undefined && at >= quotaResetsAt) {
      quotaUsed = 0;
      quotaResetsAt = undefined;
    }
    if (quotaUsed + valid.length > quota) {
      quotaResetsAt ??= at + quotaWindowMs;
      return {
        response: errorResponse(
          429,
          'daily_quota_exceeded',
          'You have reached your daily email sending quota.',
          {
            ...limitHeaders,
            'retry-after': String(Math.ceil((quotaResetsAt - at) / 1000)),
          },
        ),
        emails: 0,
        replayed: false,
      };
    }
    quotaUsed += valid.length;
    const idempotencyKey = key ?? '';
    const answer = batch
      ? {
          data: valid.map((email) => accept(email, idempotencyKey)),
          ...(permissive && {
            errors: problems.flatMap((message, index) => (message === undefined ? [] : [{ index, message }])),
          }),
        }
      : accept(valid[0] as Email, idempotencyKey);
    if (memoKey !== undefined) answered.set(memoKey, { body: bodyText, status: 200, answer });
    return {
      response: Response.json(answer, { headers: limitHeaders }),
      emails: valid.length,
      replayed: false,
    };
  }

  return {
    requests,
    delivered,
    async fetch(request: Request): Promise<Response> {
      const at = Date.now();
      const path = new URL(request.url).pathname;
      const { response, emails, replayed } = await handle(request, at);
      requests.push({
        at,
        path,
        status: response.status,
        emails,
        idempotencyKey: request.headers.get('idempotency-key'),
        replayed,
      });
      return response;
    },
    /** A new quota from now on: `setQuota(0, windowMs)` refuses from the next request for `windowMs`. */
    setQuota(emails: number, windowMs = quotaWindowMs) {
      quota = emails;
      quotaUsed = 0;
      quotaResetsAt = undefined;
      quotaWindowMs = windowMs;
    },
    /** The most requests the peer answered other than 429 within any one second. */
    maxAcceptedInAnySecond(): number {
      const times = requests
        .filter((r) => r.status !== 429)
        .map((r) => r.at)
        .sort((a, b) => a - b);
      let most = 0;
      for (let end = 0, start = 0; end < times.length; end += 1) {
        while ((times[end] ?? 0) - (times[start] ?? 0) >= 1000) start += 1;
        most = Math.max(most, end - start + 1);
      }
      return most;
    },
  };
}
