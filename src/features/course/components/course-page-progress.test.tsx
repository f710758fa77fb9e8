import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseBackend } from '../model/course-backend';
import { CoursePage } from './course-page';
import {
  currentAddress,
  fakeBackend,
  lessonLink,
  openAt,
  playerHeading,
  progressOf,
  T0,
  withCoursePage,
} from './course-page-fixtures';

withCoursePage();

describe('progress', () => {
  async function openCourse(backend: CourseBackend, title = 'Welcome') {
    vi.mocked(backend.sessionStatus).mockResolvedValue('signed-in');
    render(<CoursePage backend={backend} />);
    return screen.findByLabelText<HTMLVideoElement>(title, { selector: 'video' });
  }

  /** jsdom plays nothing: the test sets what a playing browser would report, then fires its events. */
  function playerIs(
    video: HTMLVideoElement,
    {
      at,
      duration = 45,
      paused = false,
      ended = false,
    }: { at: number; duration?: number; paused?: boolean; ended?: boolean },
  ) {
    Object.defineProperty(video, 'paused', { value: paused, configurable: true });
    Object.defineProperty(video, 'ended', { value: ended, configurable: true });
    Object.defineProperty(video, 'duration', { value: duration, configurable: true });
    video.currentTime = at;
  }

  const saved = (backend: CourseBackend) => vi.mocked(backend.saveProgress).mock.calls;

  it("shows each lesson's state in words and a mark, and how many are watched", async () => {
    openAt('/course?lesson=welcome');
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 45, T0],
          ['2', 20, null],
        ]),
      ),
    });
    await openCourse(backend);
    const list = screen.getByRole('navigation', { name: 'Lessons' });
    expect(within(list).getByText('1 of 3 watched')).toBeInTheDocument();
    expect(lessonLink('Welcome')).toHaveAccessibleDescription('Watched');
    expect(lessonLink('The three lenses')).toHaveAccessibleDescription('In progress');
    expect(lessonLink('Your first step')).toHaveAccessibleDescription('Not started');
  });

  it('counts a preview watched on this device before signing in: saved for her, and shown as watched', async () => {
    window.localStorage.setItem(
      'three-lenses.preview-position.v1:welcome',
      JSON.stringify({ positionSeconds: 44, durationSeconds: 45, recordedAt: T0 }),
    );
    const { backend } = fakeBackend();
    await openCourse(backend, 'The three lenses');
    const list = screen.getByRole('navigation', { name: 'Lessons' });
    expect(within(list).getByText('1 of 3 watched')).toBeInTheDocument();
    expect(lessonLink('Welcome')).toHaveAccessibleDescription('Watched');
    await waitFor(() =>
      expect(saved(backend)).toEqual([
        [{ learnerId: 'ada', lessonKey: '1', positionSeconds: 44, completedAt: T0 }, { leaving: false }],
      ]),
    );
    expect(window.localStorage.getItem('three-lenses.preview-position.v1:welcome')).toBeNull();
  });

  it('opens a lesson left part-way where it stopped, and offers to start from the beginning', async () => {
    openAt('/course?lesson=three-lenses');
    const { backend } = fakeBackend({ loadProgress: vi.fn(async () => progressOf([['2', 21.4, null]])) });
    const video = await openCourse(backend, 'The three lenses');
    expect(screen.getByText('Picking up where you left off, at 0:21.')).toBeInTheDocument();
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(21.4);

    fireEvent.click(screen.getByRole('button', { name: 'Start from the beginning' }));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByRole('button', { name: 'Start from the beginning' })).not.toBeInTheDocument();
  });

  it('opens a watched lesson, or one barely started, from the beginning', async () => {
    openAt('/course?lesson=welcome');
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 30, T0],
          ['2', 3, null],
        ]),
      ),
    });
    const video = await openCourse(backend);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
    expect(screen.queryByRole('button', { name: 'Start from the beginning' })).not.toBeInTheDocument();
    fireEvent.click(lessonLink('The three lenses'));
    fireEvent.loadedMetadata(await screen.findByLabelText('The three lenses', { selector: 'video' }));
    expect(screen.queryByRole('button', { name: 'Start from the beginning' })).not.toBeInTheDocument();
  });

  it('saves the position every 10 s while playing and on pause, and nothing for a lesson only opened', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { backend } = fakeBackend();
    const video = await openCourse(backend);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(saved(backend)).toEqual([]);

    playerIs(video, { at: 0 });
    fireEvent.play(video);
    clock.mockReturnValue(1_009_999);
    playerIs(video, { at: 9.9 });
    fireEvent.timeUpdate(video);
    expect(saved(backend)).toEqual([]);
    clock.mockReturnValue(1_010_000);
    playerIs(video, { at: 10 });
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(saved(backend)).toHaveLength(1));
    expect(saved(backend)[0]).toEqual([
      { learnerId: 'ada', lessonKey: '1', positionSeconds: 10, completedAt: null },
      { leaving: false },
    ]);
    expect(lessonLink('Welcome')).toHaveAccessibleDescription('In progress');

    playerIs(video, { at: 12.5, paused: true });
    fireEvent.pause(video);
    await waitFor(() => expect(saved(backend)).toHaveLength(2));
    expect(saved(backend)[1]?.[0]).toMatchObject({ positionSeconds: 12.5 });
  });

  it('saves with a request that outlives the page when the tab is hidden or the page left', async () => {
    const { backend } = fakeBackend();
    const video = await openCourse(backend);
    playerIs(video, { at: 7 });
    fireEvent.play(video);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(saved(backend)).toEqual([
      [{ learnerId: 'ada', lessonKey: '1', positionSeconds: 7, completedAt: null }, { leaving: true }],
    ]);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    playerIs(video, { at: 8 });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(saved(backend)[1]).toEqual([expect.objectContaining({ positionSeconds: 8 }), { leaving: true }]);
    visibility.mockRestore();
  });

  it('counts a lesson watched at 90 %, keeps it watched, and offers the next lesson at its end', async () => {
    const { backend } = fakeBackend();
    const video = await openCourse(backend);
    playerIs(video, { at: 1 });
    fireEvent.play(video);
    playerIs(video, { at: 40.5 });
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(lessonLink('Welcome')).toHaveAccessibleDescription('Watched'));
    expect(screen.getByText('1 of 3 watched')).toBeInTheDocument();
    expect(saved(backend)[0]?.[0].completedAt).toEqual(expect.any(String));
    const completedAt = saved(backend)[0]?.[0].completedAt;

    playerIs(video, { at: 45, paused: true, ended: true });
    fireEvent.pause(video);
    fireEvent.ended(video);
    await waitFor(() => expect(saved(backend)).toHaveLength(2));
    expect(saved(backend)[1]?.[0]).toMatchObject({ positionSeconds: 45, completedAt });

    fireEvent.click(screen.getByRole('link', { name: 'Next lesson: The three lenses' }));
    expect(currentAddress()).toBe('/course?lesson=three-lenses');
    expect(playerHeading()).toHaveTextContent('The three lenses');
  });

  it('ends the last lesson with others unwatched by naming them and offering the first, not "finished"', async () => {
    openAt('/course?lesson=first-step');
    const { backend } = fakeBackend({ loadProgress: vi.fn(async () => progressOf([['1', 45, T0]])) });
    const video = await openCourse(backend, 'Your first step');
    playerIs(video, { at: 0, duration: 30 });
    fireEvent.play(video);
    playerIs(video, { at: 30, duration: 30, paused: true, ended: true });
    fireEvent.ended(video);
    expect(await screen.findByRole('heading', { name: "You've watched 2 of 3 lessons" })).toBeInTheDocument();
    expect(screen.getByText('Still to watch: The three lenses.')).toBeInTheDocument();
    expect(screen.queryByText(/finished/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Next lesson: The three lenses' }));
    expect(playerHeading()).toHaveTextContent('The three lenses');
  });

  it('celebrates when the last unwatched lesson ends, and keeps the completion at the address /course', async () => {
    openAt('/course?lesson=three-lenses');
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 45, T0],
          ['3', 30, T0],
        ]),
      ),
    });
    const video = await openCourse(backend, 'The three lenses');
    playerIs(video, { at: 0, duration: 65 });
    fireEvent.play(video);
    playerIs(video, { at: 65, duration: 65, paused: true, ended: true });
    fireEvent.ended(video);
    const heading = await screen.findByRole('heading', { name: "You've finished the course!" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(currentAddress()).toBe('/course');
    expect(screen.getByText(/You've watched all 3 lessons/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your next step' })).toBeInTheDocument();
    // The next step leads somewhere new: her plan, never back to the sign-up page.
    expect(within(screen.getByRole('region', { name: 'Your next step' })).getByRole('link')).toHaveAttribute(
      'href',
      '/course/plan',
    );
    expect(screen.getByRole('link', { name: 'Write my three-lenses plan' })).toBeInTheDocument();
    const certificate = screen.getByRole('region', { name: 'Your certificate' });
    expect(within(certificate).getByRole('textbox', { name: 'Name on the certificate' })).toHaveValue(
      'Ada Lovelace',
    );
    expect(within(certificate).getByRole('button', { name: 'Download the certificate (PDF)' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'How useful was this course?' })).toBeInTheDocument();
    expect(screen.getByText('3 of 3 watched')).toBeInTheDocument();
  });
  it('keeps a finish when a lesson is published later: the completion view stays and names the new lesson', async () => {
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 45, T0],
          ['2', 65, T0],
        ]),
      ),
      loadCourseRecord: vi.fn(async () => ({ name: 'Ada Lovelace', finishedAt: T0 })),
    });
    vi.mocked(backend.sessionStatus).mockResolvedValue('signed-in');
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('heading', { name: "You've finished the course!" })).toBeInTheDocument();
    expect(screen.getByText('2 of 3 watched')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New since you finished' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New: Your first step' }));
    expect(playerHeading()).toHaveTextContent('Your first step');
    expect(currentAddress()).toBe('/course?lesson=first-step');
  });

  it('keeps playing and keeps the progress on screen while saves fail', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { backend } = fakeBackend({
      saveProgress: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    const video = await openCourse(backend);
    playerIs(video, { at: 1 });
    fireEvent.play(video);
    playerIs(video, { at: 41 });
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(backend.saveProgress).toHaveBeenCalled());
    expect(lessonLink('Welcome')).toHaveAccessibleDescription('Watched');
    expect(screen.getByLabelText('Welcome', { selector: 'video' })).toBe(video);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('course-progress-unsent:ada')).toContain('"positionSeconds":41');
  });

  it('saves where a playing lesson was when another one is chosen', async () => {
    const { backend } = fakeBackend();
    const video = await openCourse(backend);
    playerIs(video, { at: 6 });
    fireEvent.play(video);
    fireEvent.timeUpdate(video);
    fireEvent.click(lessonLink('Your first step'));
    await waitFor(() => expect(saved(backend)).toHaveLength(1));
    expect(saved(backend)[0]?.[0]).toMatchObject({ lessonKey: '1', positionSeconds: 6 });
  });

  it('offers to try again when the progress does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loadProgress = vi
      .fn<CourseBackend['loadProgress']>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValueOnce(progressOf([]));
    const { backend } = fakeBackend({ loadProgress, sessionStatus: vi.fn(async () => 'signed-in' as const) });
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the lessons. Please try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0 of 3 watched')).toBeInTheDocument();
  });
});

describe('coming back', () => {
  async function comeBack(backend: CourseBackend) {
    vi.mocked(backend.sessionStatus).mockResolvedValue('signed-in');
    render(<CoursePage backend={backend} />);
    await screen.findByRole('navigation', { name: 'Lessons' });
  }

  it('opens at the first lesson not yet watched, where it stopped, and says so', async () => {
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 45, T0],
          ['2', 21.4, null],
        ]),
      ),
    });
    await comeBack(backend);
    expect(screen.getByText('Continue: Lesson 2 at 0:21')).toBeInTheDocument();
    expect(playerHeading()).toHaveTextContent('The three lenses');
    const video = await screen.findByLabelText<HTMLVideoElement>('The three lenses', { selector: 'video' });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(21.4);
    expect(currentAddress()).toBe('/course');
    // Once it plays, where she picked up is behind her: the title says which lesson it is.
    fireEvent.play(video);
    fireEvent.playing(video);
    expect(screen.queryByText('Continue: Lesson 2 at 0:21')).not.toBeInTheDocument();
    expect(screen.getByText('Lesson 2 of 3')).toBeInTheDocument();
  });

  it('opens a lesson not started yet from its start', async () => {
    const { backend } = fakeBackend({ loadProgress: vi.fn(async () => progressOf([['1', 45, T0]])) });
    await comeBack(backend);
    expect(screen.getByText('Continue: Lesson 2')).toBeInTheDocument();
    expect(playerHeading()).toHaveTextContent('The three lenses');
  });

  it('says nothing of continuing on a first visit', async () => {
    const { backend } = fakeBackend();
    await comeBack(backend);
    expect(playerHeading()).toHaveTextContent('Welcome');
    expect(screen.queryByText(/^Continue:/)).not.toBeInTheDocument();
  });

  it('opens at the completion view once every lesson is watched, with the answer already given', async () => {
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 45, T0],
          ['2', 65, T0],
          ['3', 30, T0],
        ]),
      ),
      loadFeedback: vi.fn(async () => ({ rating: 4, comment: null })),
    });
    await comeBack(backend);
    expect(screen.getByRole('heading', { name: "You've finished the course!" })).toBeInTheDocument();
    expect(await screen.findByText(/Thank you for your answer/)).toBeInTheDocument();
    fireEvent.click(lessonLink('The three lenses'));
    expect(playerHeading()).toHaveTextContent('The three lenses');
    act(() => {
      openAt('/course');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { name: "You've finished the course!" })).toBeInTheDocument();
  });

  it('offers the way back to the completion view when a lesson watched again ends', async () => {
    openAt('/course?lesson=welcome');
    const { backend } = fakeBackend({
      loadProgress: vi.fn(async () =>
        progressOf([
          ['1', 45, T0],
          ['2', 65, T0],
          ['3', 30, T0],
        ]),
      ),
    });
    await comeBack(backend);
    const video = await screen.findByLabelText<HTMLVideoElement>('Welcome', { selector: 'video' });
    fireEvent.play(video);
    Object.defineProperty(video, 'ended', { value: true, configurable: true });
    fireEvent.ended(video);
    fireEvent.click(await screen.findByRole('button', { name: "See what's next" }));
    expect(screen.getByRole('heading', { name: "You've finished the course!" })).toHaveFocus();
  });
});
