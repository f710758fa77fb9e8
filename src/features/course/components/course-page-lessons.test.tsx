import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseBackend } from '../model/course-backend';
import { CoursePage } from './course-page';
import { planLinkText } from '@/content/plan';
import { loadAhead } from '@/shared/player/load-ahead';
import type { LessonMedia } from '@/shared/player/lesson-media';
import type { Lesson } from '../model/lesson';
import {
  currentAddress,
  deferred,
  fakeBackend,
  lessonLink,
  lessons,
  mediaOf,
  openAt,
  playerHeading,
  withCoursePage,
} from './course-page-fixtures';

withCoursePage();

describe('the lessons', () => {
  async function signedIn(backend: CourseBackend) {
    vi.mocked(backend.sessionStatus).mockResolvedValue('signed-in');
    render(<CoursePage backend={backend} />);
    await screen.findByRole('navigation', { name: 'Lessons' });
  }

  it('lists every lesson in order with its number, title, summary and duration, the first one current', async () => {
    const { backend } = fakeBackend();
    await signedIn(backend);
    const items = within(screen.getByRole('navigation', { name: 'Lessons' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Welcome',
      'The three lenses',
      'Your first step',
    ]);
    expect(items[1]).toHaveTextContent('2');
    expect(items[1]).toHaveTextContent('What the three lenses is about.');
    expect(items[1]).toHaveTextContent('1:05');
    expect(within(items[1] as HTMLElement).getByText('1 minute 5 seconds')).toHaveClass('sr-only');
    expect(within(items[0] as HTMLElement).getByText('0:45')).toHaveAttribute('aria-hidden', 'true');
    expect(within(items[0] as HTMLElement).getByText('45 seconds')).toBeInTheDocument();
    expect(lessonLink('Welcome')).toHaveAttribute('aria-current', 'page');
    expect(lessonLink('Welcome')).toHaveAttribute('href', '?lesson=welcome');
    expect(lessonLink('Your first step')).not.toHaveAttribute('aria-current');
  });

  it("reads her e-mail choices once her lessons are there: the first play's reads go first", async () => {
    const { backend } = fakeBackend();
    const lessonsRead = deferred<typeof lessons>();
    vi.mocked(backend.listLessons).mockReturnValue(lessonsRead.promise);
    vi.mocked(backend.sessionStatus).mockResolvedValue('signed-in');
    render(<CoursePage backend={backend} />);
    await waitFor(() => expect(backend.listLessons).toHaveBeenCalled());
    expect(backend.loadReminderConsent).not.toHaveBeenCalled();
    expect(
      screen.queryByRole('checkbox', { name: /E-mail me if I pause for a week/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: planLinkText })).toHaveAttribute('href', '/course/plan');
    lessonsRead.resolve(lessons);
    expect(
      await screen.findByRole('checkbox', { name: /E-mail me if I pause for a week/ }),
    ).toBeInTheDocument();
    // Its read starts in an effect, which a busy machine may run a moment after the box is on screen.
    await waitFor(() => expect(backend.loadReminderConsent).toHaveBeenCalledOnce());
  });

  it('opens a file the page is loading ahead once its first bytes have come, not beside it', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    const created = vi.spyOn(document, 'createElement');
    const stop = loadAhead(mediaOf(lessons[0] as Lesson).video);
    const ahead = created.mock.results[0]?.value as HTMLVideoElement;
    created.mockRestore();
    try {
      const { backend } = fakeBackend();
      await signedIn(backend);
      await waitFor(() => expect(backend.signLessonMedia).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByLabelText('Welcome', { selector: 'video' })).not.toBeInTheDocument();
      ahead.dispatchEvent(new Event('progress'));
      expect(await screen.findByLabelText('Welcome', { selector: 'video' })).toHaveAttribute(
        'src',
        'https://cdn.test/lessons/welcome.mp4?token=1',
      );
    } finally {
      stop();
    }
  });

  it('plays the lesson in a native player: signed addresses, poster, captions on by default, no autoplay', async () => {
    const { backend } = fakeBackend();
    await signedIn(backend);
    expect(playerHeading()).toHaveTextContent('Welcome');
    expect(screen.getByText('Lesson 1 of 3')).toBeInTheDocument();
    const video = await screen.findByLabelText('Welcome', { selector: 'video' });
    expect(video).toHaveAttribute('src', 'https://cdn.test/lessons/welcome.mp4?token=1');
    expect(video).toHaveAttribute('poster', 'https://cdn.test/lessons/welcome.jpg?token=1');
    // Until it first plays, one large Play control stands in for the browser's own.
    expect(video).not.toHaveAttribute('controls');
    expect(screen.getByRole('button', { name: 'Play: Welcome' })).toBeVisible();
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('crossorigin', 'anonymous');
    expect(video).not.toHaveAttribute('autoplay');
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('label', 'English');
    expect(track).toHaveAttribute('src', 'https://cdn.test/lessons/welcome.vtt?token=1');
    expect(track).toHaveAttribute('default');
    expect(backend.signLessonMedia).toHaveBeenCalledWith(lessons[0]);
  });

  /** play() as a browser answers it: the video is no longer paused. */
  const playing = () =>
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { value: false, configurable: true });
      return Promise.resolve();
    });

  it('keeps a tap on Play made while the files are signed, says "Starting…", and plays once it can', async () => {
    const play = playing();
    const signed = deferred<LessonMedia>();
    const { backend } = fakeBackend({ signLessonMedia: vi.fn(() => signed.promise) });
    await signedIn(backend);
    const button = await screen.findByRole('button', { name: 'Play: Welcome' });
    fireEvent.click(button);
    expect(screen.getByText('Starting…')).toBeVisible();
    fireEvent.click(button);

    const [welcome] = lessons;
    if (!welcome) throw new Error('no lesson');
    signed.resolve(mediaOf(welcome));
    const video = await screen.findByLabelText('Welcome', { selector: 'video' });
    expect(play).not.toHaveBeenCalled();
    fireEvent.loadedMetadata(video);
    expect(play).toHaveBeenCalledTimes(1);

    fireEvent.play(video);
    fireEvent.playing(video);
    expect(screen.queryByRole('button', { name: 'Play: Welcome' })).not.toBeInTheDocument();
    expect(screen.queryByText('Starting…')).not.toBeInTheDocument();
    expect(video).toHaveAttribute('controls');
    play.mockRestore();
  });

  it('asks the video to play inside the tap when it is there, even before it knows its length', async () => {
    const play = playing();
    const { backend } = fakeBackend();
    await signedIn(backend);
    const video = await screen.findByLabelText('Welcome', { selector: 'video' });
    fireEvent.click(screen.getByRole('button', { name: 'Play: Welcome' }));
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.loadedMetadata(video);
    expect(play).toHaveBeenCalledTimes(1);
    play.mockRestore();
  });

  it('offers Play again when the browser refuses to start', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValue(new DOMException('refused', 'NotAllowedError'));
    const { backend } = fakeBackend();
    await signedIn(backend);
    await screen.findByLabelText('Welcome', { selector: 'video' });
    fireEvent.click(screen.getByRole('button', { name: 'Play: Welcome' }));
    await waitFor(() => expect(screen.queryByText('Starting…')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Play: Welcome' })).toBeVisible();
    expect(play).toHaveBeenCalledTimes(1);
    play.mockRestore();
    error.mockRestore();
  });

  it('shows a chosen lesson, gives it its own address and the focus, and marks it current', async () => {
    const { backend } = fakeBackend();
    await signedIn(backend);
    fireEvent.click(lessonLink('Your first step'));
    expect(currentAddress()).toBe('/course?lesson=first-step');
    expect(playerHeading()).toHaveTextContent('Your first step');
    await waitFor(() => expect(playerHeading()).toHaveFocus());
    expect(lessonLink('Your first step')).toHaveAttribute('aria-current', 'page');
    expect(lessonLink('Welcome')).not.toHaveAttribute('aria-current');
    expect(await screen.findByLabelText('Your first step', { selector: 'video' })).toHaveAttribute(
      'src',
      'https://cdn.test/lessons/first-step.mp4?token=1',
    );
  });

  it('follows the address on back and forward', async () => {
    const { backend } = fakeBackend();
    await signedIn(backend);
    fireEvent.click(lessonLink('The three lenses'));
    act(() => {
      openAt('/course');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(playerHeading()).toHaveTextContent('Welcome');
    act(() => {
      openAt('/course?lesson=three-lenses');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(playerHeading()).toHaveTextContent('The three lenses');
  });

  it('opens the lesson a deep link names, and the first one for an unknown name', async () => {
    openAt('/course?lesson=first-step');
    const { backend } = fakeBackend();
    await signedIn(backend);
    expect(playerHeading()).toHaveTextContent('Your first step');
    expect(playerHeading()).not.toHaveFocus();
  });

  it('shows where the learner stopped for a deep link to a lesson that does not exist', async () => {
    openAt('/course?lesson=no-such-lesson');
    const { backend } = fakeBackend();
    await signedIn(backend);
    expect(playerHeading()).toHaveTextContent('Welcome');
  });

  it('says so when no lesson is published', async () => {
    const { backend } = fakeBackend({ listLessons: vi.fn(async () => []) });
    vi.mocked(backend.sessionStatus).mockResolvedValue('signed-in');
    render(<CoursePage backend={backend} />);
    expect(
      await screen.findByText('No lessons are published yet. Please come back soon.'),
    ).toBeInTheDocument();
  });

  it('offers to try again when the lessons do not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listLessons = vi
      .fn<CourseBackend['listLessons']>()
      .mockRejectedValueOnce(new Error('JWT expired'))
      .mockResolvedValueOnce(lessons);
    const { backend } = fakeBackend({ listLessons, sessionStatus: vi.fn(async () => 'signed-in' as const) });
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the lessons. Please try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
  });

  it("offers to try again when a lesson's files cannot be signed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signLessonMedia = vi
      .fn<CourseBackend['signLessonMedia']>()
      .mockRejectedValueOnce(new Error('Object not found'))
      .mockImplementation(async (chosen) => mediaOf(chosen));
    const { backend } = fakeBackend({ signLessonMedia });
    await signedIn(backend);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load this lesson's video. Please try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Welcome', { selector: 'video' })).toBeInTheDocument();
  });

  it('signs the files again when an address has run out, and gives up on one that fails fresh', async () => {
    const { backend } = fakeBackend();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await signedIn(backend);
    const video = await screen.findByLabelText('Welcome', { selector: 'video' });

    clock.mockReturnValue(1_000_000 + 2 * 60 * 60 * 1000);
    fireEvent.error(video);
    await waitFor(() => expect(backend.signLessonMedia).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Welcome', { selector: 'video' })).toBeInTheDocument();

    fireEvent.error(screen.getByLabelText('Welcome', { selector: 'video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load this lesson's video. Please try again.",
    );
    expect(backend.signLessonMedia).toHaveBeenCalledTimes(2);
  });
});
