import { z } from '@/lib/zod';
import type { LearnerRecordBackend } from './model/course-backend';
import {
  type LessonProgress,
  type ProgressByLesson,
  laterProgress,
  retryDelayMs,
  stillUnsent,
} from './model/progress';

const unsentSchema = z.array(
  z.tuple([
    z.string(),
    z.object({
      positionSeconds: z.number().check(z.nonnegative()),
      completedAt: z.nullable(z.string()),
      recordedAt: z.string(),
    }),
  ]),
);

const storageKey = (learnerId: string) => `course-progress-unsent:${learnerId}`;

/** Storage can be full, blocked or hold junk; unsent progress then lives only as long as the page. */
function readUnsent(storage: Storage, learnerId: string): Map<string, LessonProgress> {
  try {
    const parsed = unsentSchema.safeParse(JSON.parse(storage.getItem(storageKey(learnerId)) ?? '[]'));
    return new Map(parsed.success ? parsed.data : []);
  } catch {
    return new Map();
  }
}

function writeUnsent(storage: Storage, learnerId: string, unsent: ProgressByLesson) {
  try {
    if (unsent.size === 0) storage.removeItem(storageKey(learnerId));
    else storage.setItem(storageKey(learnerId), JSON.stringify([...unsent]));
  } catch {
    // Kept in memory: sent while the page lives, lost only if it closes offline.
  }
}

export interface ProgressSaver {
  /** This browser's saves the database has not acknowledged yet. */
  unsent(): ProgressByLesson;
  /**
   * Keeps the lesson's newest progress (a completion is never dropped) and sends it: now, or at the next retry
   * while saves are failing. `leaving` sends everything unsent in requests that outlive the page.
   */
  record(lessonKey: string, progress: LessonProgress, options?: { leaving: boolean }): void;
  stop(): void;
}

/**
 * Saving one learner's progress without ever holding up the player: only the newest position per lesson is
 * kept, in localStorage until the database has it; failed saves are tried again with a growing wait, and at
 * once when the browser comes back online. Saves left from an earlier visit are sent when this one starts.
 */
export function createProgressSaver({
  backend,
  learnerId,
  saved,
  storage = window.localStorage,
}: {
  backend: Pick<LearnerRecordBackend, 'saveProgress'>;
  learnerId: string;
  saved: ProgressByLesson;
  storage?: Storage;
}): ProgressSaver {
  const unsent = stillUnsent(saved, readUnsent(storage, learnerId));
  let sending = false;
  let sendAgain = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function send(leaving: boolean) {
    if (sending && !leaving) {
      sendAgain = true;
      return;
    }
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const batch = [...unsent];
    if (batch.length === 0) return;
    if (!leaving) sending = true;
    const results = await Promise.allSettled(
      batch.map(async ([lessonKey, progress]) => {
        await backend.saveProgress(
          {
            learnerId,
            lessonKey,
            positionSeconds: progress.positionSeconds,
            completedAt: progress.completedAt,
          },
          { leaving },
        );
        if (unsent.get(lessonKey) === progress) unsent.delete(lessonKey);
      }),
    );
    writeUnsent(storage, learnerId, unsent);
    if (!leaving) sending = false;
    const failure = results.find((result) => result.status === 'rejected');
    if (stopped) return;
    if (failure) {
      failures += 1;
      if (failures === 1) console.warn('Course: progress not saved yet; trying again.', failure.reason);
      retryTimer = setTimeout(() => void send(false), retryDelayMs(failures));
      return;
    }
    failures = 0;
    if (sendAgain) {
      sendAgain = false;
      void send(false);
    }
  }

  const sendNow = () => void send(false);
  window.addEventListener('online', sendNow);
  if (unsent.size > 0) sendNow();

  return {
    unsent: () => new Map(unsent),
    record(lessonKey, progress, options = { leaving: false }) {
      unsent.set(lessonKey, laterProgress(unsent.get(lessonKey), progress));
      writeUnsent(storage, learnerId, unsent);
      // While saves are failing, the retry timer sends the newest position; leaving cannot wait for it.
      if (options.leaving || retryTimer === undefined) void send(options.leaving);
    },
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', sendNow);
    },
  };
}
