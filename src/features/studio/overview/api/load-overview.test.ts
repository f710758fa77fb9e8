// The real supabase-js client with the network replaced: the request is what a browser sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOverview } from './load-overview';

const requests: Request[] = [];

function answerWith(status: number, body: unknown) {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      requests.push(new Request(input, init));
      return Promise.resolve(Response.json(body, { status }));
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

const counts = {
  views_home: 3,
  views_course: 1,
  signups_new: 1,
  opened_course: 1,
  learners_started: 1,
  lessons_started: 1,
  lessons_completed: 0,
  finished_course: 0,
};
const overview = {
  since: '2026-11-27',
  until: '2026-11-27',
  days: [{ day: '2026-11-27', ...counts, signups_repeat: 0 }],
  total: counts,
  funnel: {
    visits: 3,
    signups_after_visit: 1,
    signups_without_visit: 0,
    opened_course: 1,
    started_lesson: 1,
    finished_course: 0,
  },
  sources: [{ day: '2026-11-27', source: 'newsletter', views: 3 }],
  lessons: [{ slug: 'one', title: 'One', started: 1, finished: 0 }],
  feedback: {
    answers: 0,
    average_rating: null,
    ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    latest_answers: [],
    latest_comments: [],
  },
  reminders: { asking: 0 },
};

describe('loadOverview', () => {
  it('asks studio_overview for the period and keeps only what the panel shows', async () => {
    answerWith(200, overview);
    const loaded = await loadOverview(7);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/rest/v1/rpc/studio_overview');
    expect(await request?.json()).toEqual({ days: 7 });
    expect(loaded.days).toEqual([{ day: '2026-11-27', ...counts }]);
    expect(loaded).not.toHaveProperty('reminders');
    expect(loaded.sources).toEqual(overview.sources);
    expect(loaded.funnel).toEqual(overview.funnel);
  });

  it("rejects the database's refusal and an answer of another shape", async () => {
    answerWith(403, { code: '42501', message: "This is for the course's owner.", details: null, hint: null });
    await expect(loadOverview(30)).rejects.toThrow("This is for the course's owner.");
    answerWith(200, { ...overview, total: { ...counts, views_home: -1 } });
    await expect(loadOverview(30)).rejects.toThrow();
  });
});
