import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LessonMedia } from '@/shared/player/lesson-media';
import type { CourseBackend } from '../model/course-backend';
import type { Lesson } from '../model/lesson';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import { CoursePage } from './course-page';

/** The page over a back end of the test's making: the port the real supabase-js back end also implements. */
function fakeBackend(overrides: Partial<CourseBackend> = {}) {
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
    signPreviewMedia: vi.fn<CourseBackend['signPreviewMedia']>(async (preview) => ({
      video: `https://cdn.test/${preview.videoPath}?token=anon`,
      captions: preview.captionsPath && `https://cdn.test/${preview.captionsPath}?token=anon`,
      poster: preview.posterPath && `https://cdn.test/${preview.posterPath}?token=anon`,
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

const lessons = [
  lesson('welcome', 'Welcome', 1, 45),
  lesson('three-lenses', 'The three lenses', 2, 65),
  lesson('first-step', 'Your first step', 3, 30),
];

const outline: CourseOutline = {
  lessons: lessons.map((listed) => ({
    slug: listed.slug,
    title: listed.title,
    summary: listed.summary,
    durationSeconds: listed.duration_seconds,
    orderIndex: listed.order_index,
    isPreview: false,
    speaksTo: [],
    preview: null,
  })),
  firstPosterUrl: 'https://cdn.test/lessons/welcome.jpg?token=outline',
};

const mediaOf = (chosen: Lesson): LessonMedia => ({
  video: `https://cdn.test/${chosen.video_path}?token=1`,
  captions: `https://cdn.test/${chosen.captions_path ?? ''}?token=1`,
  poster: `https://cdn.test/${chosen.poster_path ?? ''}?token=1`,
});

const T0 = '2026-11-23T10:00:00.000Z';
/** A learner's progress as the back end reads it: [lesson key, position, completed at] per lesson. */
const progressOf = (entries: [string, number, string | null][]) => ({
  learnerId: 'ada',
  progress: new Map(
    entries.map(([key, positionSeconds, completedAt]) => [
      key,
      { positionSeconds, completedAt, recordedAt: T0 },
    ]),
  ),
});

const openAt = (address: string) => window.history.replaceState(null, '', address);
const currentAddress = () => `${window.location.pathname}${window.location.search}`;
const status = () => screen.getAllByRole('status')[0];
const lessonLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Lessons' })).getByRole('link', { name });
/** The player's title: the one h2 that is not the list's or the tailoring panel's. */
const playerHeading = () =>
  screen.getByRole('heading', { level: 2, name: /^(?!Lessons$|Made for you$|Make this course yours$)/ });

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

beforeEach(() => {
  openAt('/course');
  window.localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  openAt('/');
});

describe('finding out who is visiting', () => {
  it('says it is checking beside the outline, then offers a code, a new link and the sign-up', async () => {
    const session = deferred<'no-session'>();
    const { backend } = fakeBackend({ sessionStatus: vi.fn(() => session.promise) });
    render(<CoursePage backend={backend} />);
    expect(status()).toHaveTextContent('Checking whether you are signed in…');
    expect(screen.getByRole('heading', { level: 1, name: 'Your free course' })).toBeInTheDocument();
    const outlineList = screen.getByRole('region', { name: 'Lessons' });
    await waitFor(() =>
      expect(
        within(outlineList)
          .getAllByRole('heading', { level: 3 })
          .map((title) => title.textContent),
      ).toEqual(['Welcome', 'The three lenses', 'Your first step']),
    );
    expect(within(outlineList).getByText('3 lessons · 2 min')).toBeInTheDocument();
    expect(within(outlineList).getByText('1:05')).toHaveAttribute('aria-hidden', 'true');
    expect(outlineList.querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.test/lessons/welcome.jpg?token=outline',
    );

    session.resolve('no-session');
    expect(await screen.findByRole('heading', { name: 'Sign in to watch' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('');
    const codeForm = screen.getByRole('form', { name: 'Sign in with your code' });
    expect(within(codeForm).getByRole('textbox', { name: 'Your email' })).toBeRequired();
    expect(within(codeForm).getByRole('textbox', { name: '6-digit code' })).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/#signup');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '#sign-in');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
  });

  it('spends a link only when the visitor taps "Continue to your course", then cleans the address', async () => {
    openAt('/course?token_hash=hash-1&type=magiclink&lesson=three-lenses');
    const verified = deferred<'signed-in'>();
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(() => verified.promise) });
    render(<CoursePage backend={backend} />);
    const button = await screen.findByRole('button', { name: 'Continue to your course' });
    expect(screen.getByRole('heading', { name: 'Welcome! One tap and you are in' })).toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
    expect(backend.prepareSignIn).toHaveBeenCalledOnce();
    expect(currentAddress()).toBe('/course?token_hash=hash-1&type=magiclink&lesson=three-lenses');

    fireEvent.click(button);
    await waitFor(() => expect(status()).toHaveTextContent('Signing you in…'));
    expect(backend.verifySignInLink).toHaveBeenCalledWith('hash-1');
    verified.resolve('signed-in');
    expect(await screen.findByRole('heading', { level: 2, name: 'The three lenses' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/course?lesson=three-lenses');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('leaves a link unspent in a browser that is signed in already', async () => {
    openAt('/course?token_hash=hash-1&type=magiclink');
    const { backend } = fakeBackend({ sessionStatus: vi.fn(async () => 'signed-in' as const) });
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
    expect(currentAddress()).toBe('/course');
  });

  it('says a refused link has expired or was used, and offers the code and a new link', async () => {
    openAt('/course?token_hash=used&type=magiclink');
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(async () => 'refused' as const) });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to your course' }));
    expect(
      await screen.findByRole('heading', { name: 'That link has expired or was already used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/enter your address and its 6-digit code below/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in with your code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/course');
  });

  it('calls a malformed link expired without spending anything', async () => {
    openAt('/course?token_hash=abc&type=signup');
    const { backend } = fakeBackend();
    render(<CoursePage backend={backend} />);
    expect(
      await screen.findByRole('heading', { name: 'That link has expired or was already used' }),
    ).toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
    expect(currentAddress()).toBe('/course');
  });

  it('offers to try the same link again when it could not be checked', async () => {
    openAt('/course?token_hash=hash-2&type=magiclink');
    const verifySignInLink = vi
      .fn<CourseBackend['verifySignInLink']>()
      .mockResolvedValueOnce('unreachable')
      .mockResolvedValueOnce('signed-in');
    const { backend } = fakeBackend({ verifySignInLink });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to your course' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't check your link just now. Please check your connection and try again.",
    );
    expect(currentAddress()).toBe('/course');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
    expect(verifySignInLink).toHaveBeenNthCalledWith(2, 'hash-2');
  });

  it('asks a visitor who tried too often to wait', async () => {
    openAt('/course?token_hash=hash-3&type=magiclink');
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(async () => 'rate-limited' as const) });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to your course' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries — please wait a minute.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers to read the session again when it could not be read', async () => {
    const sessionStatus = vi
      .fn<CourseBackend['sessionStatus']>()
      .mockResolvedValueOnce('unreachable')
      .mockResolvedValueOnce('signed-in');
    const { backend } = fakeBackend({ sessionStatus });
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't check whether you are signed in. Please check your connection and try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
  });

  it('shows the outline it was built with at once, and keeps it when the live one does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { backend } = fakeBackend({ loadOutline: vi.fn(async () => Promise.reject(new Error('down'))) });
    render(<CoursePage backend={backend} />);
    const outlineList = screen.getByRole('region', { name: 'Lessons' });
    expect(within(outlineList).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent(
      'Why plan with three lenses',
    );
    expect(await screen.findByRole('heading', { name: 'Sign in to watch' })).toBeInTheDocument();
    expect(within(outlineList).getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });
});

describe('signing in with a code', () => {
  async function typeCode(backend: CourseBackend, code: string, email = ' ada@example.com ') {
    render(<CoursePage backend={backend} />);
    const form = await screen.findByRole('form', { name: 'Sign in with your code' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your email' }), { target: { value: email } });
    fireEvent.change(within(form).getByRole('textbox', { name: '6-digit code' }), {
      target: { value: code },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    return form;
  }

  it('signs in with the address and the six digits, however they were typed, and shows the lessons', async () => {
    const { backend } = fakeBackend();
    await typeCode(backend, '012 345');
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
    expect(backend.verifySignInCode).toHaveBeenCalledWith('ada@example.com', '012345');
  });

  it('says what to do when the code is not six digits, without asking the server', async () => {
    const { backend } = fakeBackend();
    const form = await typeCode(backend, '12345');
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the 6 digits from your e-mail.');
    expect(within(form).getByRole('textbox', { name: '6-digit code' })).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: '6-digit code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(backend.verifySignInCode).not.toHaveBeenCalled();
  });

  it.each([
    ['refused', "That code didn't work."],
    ['rate-limited', 'Too many tries — please wait a minute.'],
    ['unreachable', "We couldn't check your code."],
  ] as const)('says so when the answer is %s, and stays signed out', async (outcome, message) => {
    const { backend } = fakeBackend({ verifySignInCode: vi.fn(async () => outcome) });
    const form = await typeCode(backend, '999999');
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(message));
    expect(within(form).getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('navigation', { name: 'Lessons' })).not.toBeInTheDocument();
  });
});

describe('asking for a new link', () => {
  async function submitAddress(backend: CourseBackend, email = '  ada@example.com ') {
    render(<CoursePage backend={backend} />);
    const form = await screen.findByRole('form', { name: 'Or get a new link' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your email' }), {
      target: { value: email },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
  }

  it('sends the address, says "Sending..." meanwhile, then gives the same answer for any address', async () => {
    const answer = deferred<'sent'>();
    const { backend } = fakeBackend({ requestNewLink: vi.fn(() => answer.promise) });
    await submitAddress(backend);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(backend.requestNewLink).toHaveBeenCalledWith('ada@example.com');

    answer.resolve('sent');
    await waitFor(() =>
      expect(screen.getAllByRole('status')[1]).toHaveTextContent(
        'If that address signed up, a new link is on its way. It works for 24 hours, once.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeEnabled();
  });

  it.each([
    ['rate-limited', 'Too many tries — please wait a minute.'],
    ['failed', "We couldn't send a new link. Please check your connection and try again."],
  ] as const)('says so when the answer is %s', async (outcome, message) => {
    const { backend } = fakeBackend({ requestNewLink: vi.fn(async () => outcome) });
    await submitAddress(backend);
    await waitFor(() => expect(screen.getAllByRole('status')[1]).toHaveTextContent(message));
  });
});

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

  it('plays the lesson in a native player: signed addresses, poster, captions on by default, no autoplay', async () => {
    const { backend } = fakeBackend();
    await signedIn(backend);
    expect(playerHeading()).toHaveTextContent('Welcome');
    expect(screen.getByText('Lesson 1 of 3')).toBeInTheDocument();
    const video = await screen.findByLabelText('Welcome', { selector: 'video' });
    expect(video).toHaveAttribute('src', 'https://cdn.test/lessons/welcome.mp4?token=1');
    expect(video).toHaveAttribute('poster', 'https://cdn.test/lessons/welcome.jpg?token=1');
    expect(video).toHaveAttribute('controls');
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

describe('signing out', () => {
  it('ends the session and shows the signed-out state, with the focus on what it says', async () => {
    const { backend } = fakeBackend({ sessionStatus: vi.fn(async () => 'signed-in' as const) });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const heading = await screen.findByRole('heading', { name: "You're signed out" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(backend.signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('navigation', { name: 'Lessons' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
  });

  it('says so and stays signed in when the server could not be told', async () => {
    const { backend } = fakeBackend({
      sessionStatus: vi.fn(async () => 'signed-in' as const),
      signOut: vi.fn(async () => 'failed' as const),
    });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't sign you out. Please check your connection and try again.",
    );
    expect(screen.getByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
  });

  it('shows the signed-out state when the session ends elsewhere', async () => {
    const { backend, endSessionElsewhere } = fakeBackend({
      sessionStatus: vi.fn(async () => 'signed-in' as const),
    });
    render(<CoursePage backend={backend} />);
    await screen.findByRole('navigation', { name: 'Lessons' });
    endSessionElsewhere();
    expect(await screen.findByRole('heading', { name: "You're signed out" })).toBeInTheDocument();
  });
});

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
    expect(screen.getByRole('link', { name: 'Visit the Three Lenses site' })).toHaveAttribute('href', '/');
    expect(
      within(screen.getByRole('region', { name: 'Your next step' })).getByRole('link', {
        name: 'My three-lenses plan',
      }),
    ).toHaveAttribute('href', '/course/plan');
    expect(screen.getByRole('group', { name: 'How useful was this course?' })).toBeInTheDocument();
    expect(screen.getByText('3 of 3 watched')).toBeInTheDocument();
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

describe('the course tailored by the answers on this device', () => {
  const tagged: CourseOutline = {
    ...outline,
    lessons: outline.lessons.map((listed, index) => ({
      ...listed,
      isPreview: index === 0,
      speaksTo: [[], ['AI taking over jobs', 'Leadership'], ['Burnout']][index] ?? [],
      preview:
        index === 0
          ? {
              videoPath: 'lessons/welcome.mp4',
              captionsPath: 'lessons/welcome.vtt',
              posterPath: null,
              streamPath: null,
            }
          : null,
    })),
  };
  const answer = (worry: string) =>
    act(() => {
      questionnaireStore.dispatch({ type: 'chooseAgeGroup', ageGroup: '25-35' });
      questionnaireStore.dispatch({ type: 'toggleWorry', worry });
    });
  afterEach(() => act(() => questionnaireStore.dispatch({ type: 'startOver' })));

  it("marks the lessons for the learner's answers, echoes them, and forgets them on request", async () => {
    answer('AI taking over jobs');
    const { backend } = fakeBackend({
      loadOutline: vi.fn(async () => tagged),
      sessionStatus: vi.fn(async () => 'signed-in' as const),
    });
    render(<CoursePage backend={backend} />);
    const lessonsNav = await screen.findByRole('navigation', { name: 'Lessons' });
    await waitFor(() =>
      expect(within(lessonsNav).getByRole('link', { name: 'The three lenses' })).toHaveAccessibleDescription(
        'Not started For you',
      ),
    );
    expect(within(lessonsNav).getAllByText('For you')).toHaveLength(1);
    expect(
      screen.getByText('You said you worry about AI taking over jobs: lesson 2 starts there.'),
    ).toBeVisible();
    expect(screen.getByText('1 lesson marked "For you" speaks to your answers.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'My three-lenses plan' })).toHaveAttribute(
      'href',
      '/course/plan',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Forget my answers' }));
    expect(screen.getByText('Your answers are gone from this device.')).toHaveRole('status');
    expect(within(lessonsNav).queryByText('For you')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('three-lenses.signup.v2')).toBeNull();
  });

  it('offers the short form where the device has no answers, tailors at once, and puts it away on "Not now"', async () => {
    const { backend } = fakeBackend({ loadOutline: vi.fn(async () => tagged) });
    const { unmount } = render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Answer the questions' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Burnout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('You said you worry about burnout: lesson 3 starts there.')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Lessons' })).getByText('For you')).toBeVisible();
    unmount();

    act(() => questionnaireStore.dispatch({ type: 'startOver' }));
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: 'Make this course yours' })).not.toBeInTheDocument();
  });

  it('plays the free preview for a visitor who is not signed in, signed under no session', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { backend } = fakeBackend({ loadOutline: vi.fn(async () => tagged) });
    render(<CoursePage backend={backend} />);
    await screen.findByRole('heading', { name: 'Sign in to watch' });
    fireEvent.click(await screen.findByRole('button', { name: 'Watch lesson 1 now, free' }));
    expect(await screen.findByText('Free preview · Lesson 1 of 3')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toHaveFocus());
    expect(backend.signPreviewMedia).toHaveBeenCalledWith(tagged.lessons[0]?.preview);
    const video = await waitFor(() => {
      const found = document.querySelector('video');
      if (!found) throw new Error('no player yet');
      return found;
    });
    expect(video).toHaveAttribute('src', 'https://cdn.test/lessons/welcome.mp4?token=anon');
    expect(video.querySelector('track')).toHaveAttribute('kind', 'captions');
    // play() is the effect of that render, which React may run a moment after the DOM shows it.
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    expect(backend.signLessonMedia).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('region', { name: 'Lessons' })).getAllByRole('button', { name: 'Watch free' }),
    ).toHaveLength(1);
  });
});
