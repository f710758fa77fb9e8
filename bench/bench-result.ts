// The shape of one run's measurements, as bench/results/*.json keeps it and the report's tables read it.
import type { CounterOnAndOff, LoadResult } from './api.ts';
import type { BundleReport } from './bundle-size.ts';
import type { CourseArrivalResult } from './course-arrival.ts';
import type { CrowdResult } from './crowd.ts';
import type { FirstViewResult } from './first-view-loads.ts';
import type { InteractionResult } from './interaction.ts';
import type { LessonStreamResult } from './lesson-stream.ts';
import type { OwnerEditResult } from './owner-edit.ts';
import type { PageResult } from './page.ts';

export interface ApiRun {
  /** The start path: which database, and whether that start built the site first. */
  startPath: 'PGlite' | 'PGlite, first start (builds dist/)' | 'PostgreSQL';
  guides: LoadResult;
  sendEmail: LoadResult;
  peakRssMb: number | undefined;
}

export interface BenchResult {
  date: string;
  machine: { cpus: number; loadAverage: number[]; node: string; chromium: string };
  settings: {
    lighthouseRuns: number;
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    rounds: number;
  };
  bundle: BundleReport;
  /** Each of our pages beside the same reference page, measured in one Lighthouse run. */
  pages?: PageBench[];
  /**
   * The owner's edit published on a server of its own (bench/owner-edit.ts): how soon `GET /` served it, then `/`
   * in her words beside the same reference page.
   */
  editedPage?: { edit: OwnerEditResult; page: PageBench };
  interaction?: InteractionResult;
  /** What the landing page loads on a phone, and when. */
  firstView?: FirstViewResult;
  /** /course opened from the e-mail's link on a slow phone: when the titles and the first poster show, and it plays. */
  courseArrival?: CourseArrivalResult;
  /** The same arrival with a real-size lesson, streamed by the server's own pipeline, first in the course. */
  streamedArrival?: CourseArrivalResult;
  /** A real-size lesson played as an adaptive stream and as the progressive MP4 on a slow phone; the stream on a slower link. */
  lessonStream?: LessonStreamResult;
  /** N learners at once playing a streamed lesson over HTTP, on PGlite and on PostgreSQL (bench/crowd.ts). */
  crowd?: CrowdResult;
  api?: {
    helloWorld: LoadResult;
    /** The bare Hono app with our guides answer, loaded in turns with PGlite's guides read. */
    bareHono: LoadResult;
    runs: ApiRun[];
    /** On PGlite, GET / as a browser's navigation and GET guides, each with the page-view counter on and off. */
    pageViewCounter: { page: CounterOnAndOff; guides: CounterOnAndOff };
  };
}

export interface PageBench {
  /** The page's path on our site: `/` or `/course`. */
  path: string;
  ours: PageResult;
  reference: PageResult;
  textLength: { ours: number; reference: number };
}
