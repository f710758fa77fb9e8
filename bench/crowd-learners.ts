// A worker thread of the crowd (bench/crowd.ts): plays its share of the learners over HTTP, without a browser, each
// as the course page does: signs in with a generated link, reads the lessons and its progress, signs the lesson's
// files and its stream's playlists (each playlist's files in one batch, again when their signatures are due),
// fetches the 540p rung's segments at real-time pace, one segment ahead of the picture, and saves its place every
// 10 s. Each learner has its own keep-alive connections, as each browser would. It answers what it measured.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';

export interface CrowdWork {
  siteUrl: string;
  /** The streamed lesson the learners play (its slug). */
  slug: string;
  /** Each learner's sign-in link's token and when it arrives (ms since the epoch). */
  learners: { tokenHash: string; arriveAtMs: number }[];
  /** When every learner stops (ms since the epoch); what is still on its way then is neither counted nor an error. */
  stopAtMs: number;
}

export interface CrowdSamples {
  /** Each segment's time to first byte, ms. */
  segmentTtfbMs: number[];
  /** Each progress save's time to its answer, ms. */
  progressMs: number[];
  /** Requests by what they were for. */
  requests: Record<string, number>;
  /** Failed requests (an error status, a refused or broken connection, no answer in time) by what and why. */
  errors: Record<string, number>;
  /** Segments that arrived after the picture needed them. */
  lateSegments: number;
  segmentBytes: number;
  /** Learners signed in and playing. */
  playing: number;
}

/** The page asks for an hour, and signs a file again 45 min after it signed it (src/shared/player/stream-signer.ts). */
const SIGNED_SECONDS = 60 * 60;
const RENEW_AFTER_MS = 45 * 60 * 1000;
/** Storage signs at most this many paths in one request. */
const SIGN_BATCH = 100;
const SAVE_EVERY_MS = 10_000;
const RUNG = '540p';
/** A request with no answer by then has failed. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A request still waiting at the window's end after this long counts as failed (what is younger is dropped). */
const UNANSWERED_AT_END_MS = 5_000;
const LESSON_COLUMNS =
  'id, slug, title, summary, video_path, stream_path, captions_path, poster_path, duration_seconds, order_index';
const PROGRESS_COLUMNS = 'lesson_id, position_seconds, completed_at, updated_at';

class Stopped extends Error {}
class Failed extends Error {}

interface Answer {
  status: number;
  ttfbMs: number;
  totalMs: number;
  body: Buffer;
  bytes: number;
}

function crowd(work: CrowdWork): Promise<CrowdSamples> {
  const samples: CrowdSamples = {
    segmentTtfbMs: [],
    progressMs: [],
    requests: {},
    errors: {},
    lateSegments: 0,
    segmentBytes: 0,
    playing: 0,
  };
  const stopped = () => Date.now() >= work.stopAtMs;
  const count = (into: Record<string, number>, key: string) => {
    into[key] = (into[key] ?? 0) + 1;
  };

  /** One HTTP request on the learner's connections; a body it keeps only when `keep` (a segment is only counted). */
  function send(
    agent: Agent,
    what: string,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
    keep = true,
  ): Promise<Answer> {
    if (stopped()) return Promise.reject(new Stopped());
    count(samples.requests, what);
    const startedAt = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const fail = (why: string) => {
        // Dropped at the window's end: a failure only if it had waited long enough to stall a learner.
        if (stopped() && performance.now() - startedAt < UNANSWERED_AT_END_MS) return reject(new Stopped());
        if (stopped()) why = 'no answer by the end';
        count(samples.errors, `${what}: ${why}`);
        reject(new Failed(`${what}: ${why}`));
      };
      const outgoing = request(url, { method, headers, agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
        const ttfbMs = performance.now() - startedAt;
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on('error', (error) => fail(error.message));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 400) return fail(String(status));
          resolve({
            status,
            ttfbMs,
            totalMs: performance.now() - startedAt,
            body: Buffer.concat(chunks),
            bytes,
          });
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in time')));
      outgoing.on('error', (error) => fail((error as NodeJS.ErrnoException).code ?? error.message));
      outgoing.end(body);
    });
  }

  const agents = new Set<Agent>();
  // At the window's end, what is on its way is dropped.
  setTimeout(() => agents.forEach((agent) => agent.destroy()), Math.max(0, work.stopAtMs - Date.now()));

  async function learner(tokenHash: string, arriveAtMs: number) {
    await sleepUntil(arriveAtMs);
    if (stopped()) return;
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    agents.add(agent);
    try {
      await play(agent, tokenHash);
    } catch (error) {
      if (!(error instanceof Stopped || error instanceof Failed)) throw error;
    } finally {
      agent.destroy();
    }
  }

  async function play(agent: Agent, tokenHash: string) {
    const json = { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' };
    const verified = await send(
      agent,
      'sign in',
      'POST',
      `${work.siteUrl}/auth/v1/verify`,
      json,
      JSON.stringify({ type: 'magiclink', token_hash: tokenHash }),
    );
    const session = JSON.parse(verified.body.toString()) as { access_token: string; user: { id: string } };
    const asLearner = { ...json, authorization: `Bearer ${session.access_token}` };
    const read = async (what: string, pathAndQuery: string) =>
      JSON.parse(
        (await send(agent, what, 'GET', `${work.siteUrl}${pathAndQuery}`, asLearner)).body.toString(),
      ) as unknown;
    const lessons = (await read(
      'read lessons',
      `/rest/v1/lessons?select=${encodeURIComponent(LESSON_COLUMNS)}&order=order_index`,
    )) as {
      id: string | number;
      slug: string;
      video_path: string;
      stream_path: string | null;
      captions_path: string | null;
      poster_path: string | null;
      duration_seconds: number;
    }[];
    await read('read progress', `/rest/v1/lesson_progress?select=${encodeURIComponent(PROGRESS_COLUMNS)}`);
    const lesson = lessons.find((one) => one.slug === work.slug);
    if (!lesson?.stream_path) throw new Error(`The course has no streamed lesson ${work.slug}.`);
    const { stream_path: master } = lesson;

    const signed = new Map<string, { address: string; at: number }>();
    /** The page's signer: what it has not signed, or signed longer than RENEW_AFTER_MS ago, in batches. */
    async function sign(paths: string[]) {
      const now = Date.now();
      const due = [...new Set(paths)].filter(
        (path) => now - (signed.get(path)?.at ?? -Infinity) > RENEW_AFTER_MS,
      );
      for (let start = 0; start < due.length; start += SIGN_BATCH) {
        const batch = due.slice(start, start + SIGN_BATCH);
        const answer = await send(
          agent,
          'sign',
          'POST',
          `${work.siteUrl}/storage/v1/object/sign/course`,
          asLearner,
          JSON.stringify({ expiresIn: SIGNED_SECONDS, paths: batch }),
        );
        for (const one of JSON.parse(answer.body.toString()) as {
          path: string;
          signedURL: string | null;
        }[]) {
          if (one.signedURL === null) throw new Failed(`${one.path} could not be signed`);
          signed.set(one.path, { address: `${work.siteUrl}/storage/v1${one.signedURL}`, at: now });
        }
      }
    }
    const fetchSigned = async (what: string, path: string, keep = true) => {
      await sign([path]);
      const address = signed.get(path)?.address;
      if (address === undefined) throw new Error(`${path} was not signed.`);
      return send(agent, what, 'GET', address, {}, undefined, keep);
    };
    /** A playlist's file names as paths in the bucket, beside the playlist's own. */
    const pathsIn = (playlist: string, text: string) => {
      const folder = playlist.slice(0, playlist.lastIndexOf('/') + 1);
      const lines = text.split('\n').map((line) => line.trim());
      const mapped = lines.flatMap((line) => /URI="([^"]+)"/.exec(line)?.[1] ?? []);
      const named = lines.filter((line) => line !== '' && !line.startsWith('#'));
      return { maps: mapped.map((name) => folder + name), files: named.map((name) => folder + name) };
    };

    samples.playing += 1;
    // The lesson again and again: each time as the page opens it, its files signed (again when due).
    for (;;) {
      await sign(
        [lesson.video_path, lesson.captions_path, lesson.poster_path].filter((path) => path !== null),
      );
      const masterText = (await fetchSigned('playlist', master)).body.toString();
      const levels = pathsIn(master, masterText).files;
      await sign(levels);
      const level = levels.find((path) => path.includes(`/${RUNG}/`));
      if (level === undefined) throw new Error(`The stream has no ${RUNG} rung.`);
      const levelText = (await fetchSigned('playlist', level)).body.toString();
      const { maps, files: segments } = pathsIn(level, levelText);
      const segmentSeconds = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(levelText)?.[1] ?? 4);
      await sign([...maps, ...segments]);
      for (const init of maps) await fetchSigned('init segment', init);

      let playStartedAt = 0;
      let saving: Promise<void> = Promise.resolve();
      let savedAt = 0;
      const position = () => Math.min(lesson.duration_seconds, (Date.now() - playStartedAt) / 1000);
      const save = (completed: boolean) => {
        savedAt = Date.now();
        const body = {
          user_id: session.user.id,
          lesson_id: lesson.id,
          position_seconds: Math.round(position()),
          ...(completed ? { completed_at: new Date().toISOString() } : {}),
        };
        saving = send(
          agent,
          'save progress',
          'POST',
          `${work.siteUrl}/rest/v1/lesson_progress?on_conflict=user_id%2Clesson_id`,
          { ...asLearner, prefer: 'resolution=merge-duplicates' },
          JSON.stringify(body),
        ).then(
          (answer) => void samples.progressMs.push(answer.totalMs),
          (error: unknown) => {
            if (!(error instanceof Stopped || error instanceof Failed)) throw error;
          },
        );
      };
      for (const [index, segment] of segments.entries()) {
        // One segment ahead: segment k is fetched once the picture reaches the start of segment k − 1.
        if (index > 1) {
          const fetchAt = playStartedAt + (index - 1) * segmentSeconds * 1000;
          while (Date.now() < fetchAt) {
            await sleepUntil(Math.min(fetchAt, savedAt + SAVE_EVERY_MS));
            if (stopped()) throw new Stopped();
            if (Date.now() - savedAt >= SAVE_EVERY_MS) save(false);
          }
        }
        const answer = await fetchSigned('segment', segment, false);
        samples.segmentTtfbMs.push(answer.ttfbMs);
        samples.segmentBytes += answer.bytes;
        if (index === 0) {
          playStartedAt = Date.now();
          savedAt = playStartedAt;
        } else if (Date.now() > playStartedAt + index * segmentSeconds * 1000) samples.lateSegments += 1;
      }
      const endsAt = playStartedAt + lesson.duration_seconds * 1000;
      while (Date.now() < endsAt) {
        await sleepUntil(Math.min(endsAt, savedAt + SAVE_EVERY_MS));
        if (stopped()) throw new Stopped();
        if (Date.now() - savedAt >= SAVE_EVERY_MS && Date.now() < endsAt) save(false);
      }
      save(true);
      await saving;
    }
  }

  const sleepUntil = (atMs: number) =>
    new Promise<void>((resolve) =>
      setTimeout(resolve, Math.max(0, Math.min(atMs, work.stopAtMs) - Date.now())),
    );

  return Promise.all(work.learners.map(({ tokenHash, arriveAtMs }) => learner(tokenHash, arriveAtMs))).then(
    () => samples,
  );
}

if (parentPort) {
  const port = parentPort;
  void crowd(workerData as CrowdWork).then((samples) => port.postMessage(samples));
}
