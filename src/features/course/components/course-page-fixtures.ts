/** What the course page's tests share: a fake of the page's ports, three lessons, and the page's landmarks. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { CourseOutline } from '@/shared/course-outline/outline';
import type { LessonMedia } from '@/shared/player/lesson-media';
import type { CourseBackend } from '../model/course-backend';
import type { Lesson } from '../model/lesson';

/** The page over a back end of the test's making: the port the real supabase-js back end also implements. */
export function fakeBackend(overrides: Partial<CourseBackend> = {}) {
  const signedOutListeners = new Set<() => void>();
  const backend = {
    verifySignInLink: vi.fn<CourseBackend['verifySignInLink']>(async () => 'signed-in'),
    verifySignInCode: vi.fn<CourseBackend['verifySignInCode']>(async () => 'signed-in'),
    prepareSignIn: vi.fn<CourseBackend['prepareSignIn']>(),
    loadOutline: vi.fn<CourseBackend['loadOutline']>(async () => outline),
    sessionStatus: vi.fn<CourseBackend['sessionStatus']>(async () => 'no-session'),
    requestNewLink: vi.fn<CourseBackend['requestNewLink']>(async () => 'sent'),
    listLessons: vi.fn<CourseBackend['listLessons']>(async () => lessons),
    signLessonMedia: vi.fn<CourseBackend['signLessonMedia']>(async (lesson) => mediaOf(lesson)),
    signOutlineFiles: vi.fn<CourseBackend['signOutlineFiles']>(async (preview) => ({
      video: `https://cdn.test/${preview.videoPath}?token=anon`,
      captions: preview.captionsPath && `https://cdn.test/${preview.captionsPath}?token=anon`,
      poster: preview.posterPath && `https://cdn.test/${preview.posterPath}?token=anon`,
      slowLinkVideo: null,
    })),
    loadCourseRecord: vi.fn<CourseBackend['loadCourseRecord']>(async () => ({
      name: 'Ada Lovelace',
      finishedAt: null,
    })),
    loadProgress: vi.fn<CourseBackend['loadProgress']>(async () => ({
      learnerId: 'ada',
      progress: new Map(),
    })),
    saveProgress: vi.fn<CourseBackend['saveProgress']>(async () => undefined),
    loadFeedback: vi.fn<CourseBackend['loadFeedback']>(async () => null),
    sendFeedback: vi.fn<CourseBackend['sendFeedback']>(async () => 'saved'),
    loadReminderConsent: vi.fn<CourseBackend['loadReminderConsent']>(async () => false),
    saveReminderConsent: vi.fn<CourseBackend['saveReminderConsent']>(async () => {}),
    loadAnnouncementConsent: vi.fn<CourseBackend['loadAnnouncementConsent']>(async () => false),
    saveAnnouncementConsent: vi.fn<CourseBackend['saveAnnouncementConsent']>(async () => {}),
    loadKeptAnswers: vi.fn<CourseBackend['loadKeptAnswers']>(async () => null),
    keepAnswers: vi.fn<CourseBackend['keepAnswers']>(async () => {}),
    forgetKeptAnswers: vi.fn<CourseBackend['forgetKeptAnswers']>(async () => {}),
    signOut: vi.fn<CourseBackend['signOut']>(async () => 'signed-out'),
    onSignedOut: vi.fn<CourseBackend['onSignedOut']>((listener) => {
      signedOutListeners.add(listener);
      return () => signedOutListeners.delete(listener);
    }),
    ...overrides,
  };
  const endSessionElsewhere = () => act(() => signedOutListeners.forEach((listener) => listener()));
  return { backend, endSessionElsewhere };
}

const lesson = (slug: string, title: string, order: number, seconds: number): Lesson => ({
  id: order,
  slug,
  title,
  summary: `What ${title.toLowerCase()} is about.`,
  video_path: `lessons/${slug}.mp4`,
  stream_path: null,
  captions_path: `lessons/${slug}.vtt`,
  poster_path: `lessons/${slug}.jpg`,
  duration_seconds: seconds,
  order_index: order,
});

export const lessons = [
  lesson('welcome', 'Welcome', 1, 45),
  lesson('three-lenses', 'The three lenses', 2, 65),
  lesson('first-step', 'Your first step', 3, 30),
];

export const outline: CourseOutline = {
  lessons: lessons.map((listed) => ({
    slug: listed.slug,
    title: listed.title,
    summary: listed.summary,
    durationSeconds: listed.duration_seconds,
    orderIndex: listed.order_index,
    isPreview: false,
    streams: false,
    speaksTo: [],
    files: null,
    preview: null,
  })),
  firstPosterUrl: 'https://cdn.test/lessons/welcome.jpg?token=outline',
};

export const mediaOf = (chosen: Lesson): LessonMedia => ({
  video: `https://cdn.test/${chosen.video_path}?token=1`,
  captions: `https://cdn.test/${chosen.captions_path ?? ''}?token=1`,
  poster: `https://cdn.test/${chosen.poster_path ?? ''}?token=1`,
  slowLinkVideo: null,
});

export const T0 = '2026-11-23T10:00:00.000Z';
/** A learner's progress as the back end reads it: [lesson key, position, completed at] per lesson. */
export const progressOf = (entries: [string, number, string | null][]) => ({
  learnerId: 'ada',
  progress: new Map(
    entries.map(([key, positionSeconds, completedAt]) => [
      key,
      { positionSeconds, completedAt, recordedAt: T0 },
    ]),
  ),
});

export const openAt = (address: string) => window.history.replaceState(null, '', address);
export const currentAddress = () => `${window.location.pathname}${window.location.search}`;
export const status = () => screen.getAllByRole('status')[0];
export const lessonLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Lessons' })).getByRole('link', { name });
/** The player's title: the one h2 that is not the list's or the tailoring panel's. */
export const playerHeading = () =>
  screen.getByRole('heading', { level: 2, name: /^(?!Lessons$|Made for you$|Make this course yours$)/ });

export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Each test opens /course in a browser with nothing stored, and leaves the address as it found it. */
export function withCoursePage() {
  beforeEach(() => {
    openAt('/course');
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    openAt('/');
  });
}
