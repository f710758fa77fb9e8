import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseBackend, LessonMedia } from '../model/course-backend';
import type { Lesson } from '../model/lesson';
import { CoursePage } from './course-page';

/** The page over a back end of the test's making: the port the real supabase-js back end also implements. */
function fakeBackend(overrides: Partial<CourseBackend> = {}) {
  const signedOutListeners = new Set<() => void>();
  const backend = {
    verifySignInLink: vi.fn<CourseBackend['verifySignInLink']>(async () => 'signed-in'),
    sessionStatus: vi.fn<CourseBackend['sessionStatus']>(async () => 'no-session'),
    requestNewLink: vi.fn<CourseBackend['requestNewLink']>(async () => 'sent'),
    listLessons: vi.fn<CourseBackend['listLessons']>(async () => lessons),
    signLessonMedia: vi.fn<CourseBackend['signLessonMedia']>(async (lesson) => mediaOf(lesson)),
    loadProgress: vi.fn<CourseBackend['loadProgress']>(async () => ({
      learnerId: 'ada',
      progress: new Map(),
    })),
    saveProgress: vi.fn<CourseBackend['saveProgress']>(async () => undefined),
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

const mediaOf = (chosen: Lesson): LessonMedia => ({
  video: `https://cdn.test/${chosen.video_path}?token=1`,
  captions: `https://cdn.test/${chosen.captions_path ?? ''}?token=1`,
  poster: `https://cdn.test/${chosen.poster_path ?? ''}?token=1`,
});

const openAt = (address: string) => window.history.replaceState(null, '', address);
const currentAddress = () => `${window.location.pathname}${window.location.search}`;
const status = () => screen.getAllByRole('status')[0];
const lessonLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Lessons' })).getByRole('link', { name });
const playerHeading = () => screen.getByRole('heading', { level: 2, name: /^(?!Lessons$)/ });

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
  it('says it is checking, then offers a new link and the sign-up to a visitor without a session', async () => {
    const session = deferred<'no-session'>();
    const { backend } = fakeBackend({ sessionStatus: vi.fn(() => session.promise) });
    render(<CoursePage backend={backend} />);
    expect(status()).toHaveTextContent('Checking whether you are signed in…');
    expect(screen.getByRole('heading', { level: 1, name: 'Your free course' })).toBeInTheDocument();

    session.resolve('no-session');
    expect(
      await screen.findByRole('heading', { name: 'The course is for people who signed up' }),
    ).toBeInTheDocument();
    expect(status()).toHaveTextContent('');
    expect(screen.getByRole('textbox', { name: 'Your email' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/#signup');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
  });

  it('spends the link, takes it out of the address (keeping the lesson) and shows the lessons', async () => {
    openAt('/course?token_hash=hash-1&type=magiclink&lesson=three-lenses');
    const verified = deferred<'signed-in'>();
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(() => verified.promise) });
    render(<CoursePage backend={backend} />);
    await waitFor(() => expect(status()).toHaveTextContent('Signing you in with your link…'));
    expect(backend.verifySignInLink).toHaveBeenCalledWith('hash-1');

    verified.resolve('signed-in');
    expect(await screen.findByRole('heading', { name: 'The three lenses' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/course?lesson=three-lenses');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(backend.sessionStatus).not.toHaveBeenCalled();
  });

  it('says a refused link has expired or was used, offers a new one, and cleans the address', async () => {
    openAt('/course?token_hash=used&type=magiclink');
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(async () => 'refused' as const) });
    render(<CoursePage backend={backend} />);
    expect(
      await screen.findByRole('heading', { name: 'That link has expired or was already used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Each sign-in link works once, for 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/course');
  });

  it('lets in a visitor whose browser already spent the link it opens again', async () => {
    openAt('/course?token_hash=used&type=magiclink');
    const { backend } = fakeBackend({
      verifySignInLink: vi.fn(async () => 'refused' as const),
      sessionStatus: vi.fn(async () => 'signed-in' as const),
    });
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't check your link just now. Please check your connection and try again.",
    );
    expect(currentAddress()).toBe('/course');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(verifySignInLink).toHaveBeenNthCalledWith(2, 'hash-2');
  });

  it('asks a visitor who tried too often to wait', async () => {
    openAt('/course?token_hash=hash-3&type=magiclink');
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(async () => 'rate-limited' as const) });
    render(<CoursePage backend={backend} />);
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
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });
});

describe('asking for a new link', () => {
  async function submitAddress(backend: CourseBackend, email = '  ada@example.com ') {
    render(<CoursePage backend={backend} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your email' }), {
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

  it('shows the first lesson for a deep link to a lesson that does not exist', async () => {
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
    expect(heading).toHaveFocus();
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
