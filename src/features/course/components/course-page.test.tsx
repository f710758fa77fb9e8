import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CourseOutline } from '@/shared/course-outline/outline';
import { outlineOfRows } from '@/shared/course-outline/outline-rows';
import { PublishedOutlineProvider } from '@/shared/course-outline/published-outline';
import { questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import type { CourseBackend } from '../model/course-backend';
import { CoursePage } from './course-page';
import {
  currentAddress,
  deferred,
  fakeBackend,
  openAt,
  outline,
  status,
  withCoursePage,
} from './course-page-fixtures';

const streamPlayerLoaded = vi.hoisted(() => vi.fn());
vi.mock('@/shared/player/play-stream', () => {
  streamPlayerLoaded();
  return { playStream: vi.fn() };
});

withCoursePage();

describe('finding out who is visiting', () => {
  it('says it is checking beside the outline, then asks for the address once, and offers the sign-up', async () => {
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
    const form = screen.getByRole('form', { name: 'Sign in to watch' });
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    expect(within(form).getByRole('textbox', { name: 'Your email' })).toBeRequired();
    expect(within(form).getByRole('button', { name: 'Send me a code' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'I already have a code' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/#signup');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '#sign-in');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
  });

  it('on a slow link, fetches no first poster but the small one it was prerendered with', async () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { connection: { downlink: 0.4 } }),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { backend } = fakeBackend();
    render(<CoursePage backend={backend} />);
    const outlineList = screen.getByRole('region', { name: 'Lessons' });
    const prerendered = outlineList.querySelector('img')?.getAttribute('src');
    expect(prerendered).toMatch(/why-three-lenses/);
    expect(backend.loadOutline).toHaveBeenCalledWith({
      path: 'lessons/why-three-lenses.webp',
      url: prerendered,
    });
    // The live outline's first poster is another file: it is left out.
    await waitFor(() =>
      expect(within(outlineList).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument(),
    );
    expect(outlineList.querySelector('img')).toBeNull();
  });

  it('spends a link only when the visitor taps "Continue to your course", then cleans the address', async () => {
    openAt('/course?token_hash=hash-1&type=magiclink&lesson=three-lenses');
    const verified = deferred<'signed-in'>();
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(() => verified.promise) });
    render(<CoursePage backend={backend} />);
    const button = await screen.findByRole('button', { name: 'Continue to your course' });
    expect(screen.getByRole('heading', { name: 'Welcome! One tap and you are in' })).toBeInTheDocument();
    // Behind the button, the lesson the link leads to.
    expect(screen.getByText('Lesson 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('The three lenses', { selector: 'main p' })).toBeInTheDocument();
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

  it('while "Continue to your course" shows, fetches the stream player when the lesson the link leads to streams', async () => {
    const streamed: CourseOutline = {
      ...outline,
      lessons: outline.lessons.map((listed, index) => ({ ...listed, streams: index === 0 })),
    };
    openAt('/course?token_hash=hash-1&type=magiclink&lesson=three-lenses');
    const { unmount } = render(
      <CoursePage backend={fakeBackend({ loadOutline: vi.fn(async () => streamed) }).backend} />,
    );
    await screen.findByRole('button', { name: 'Continue to your course' });
    await act(async () => {});
    expect(streamPlayerLoaded).not.toHaveBeenCalled();
    unmount();

    openAt('/course?token_hash=hash-1&type=magiclink');
    render(<CoursePage backend={fakeBackend({ loadOutline: vi.fn(async () => streamed) }).backend} />);
    await screen.findByRole('button', { name: 'Continue to your course' });
    await waitFor(() => expect(streamPlayerLoaded).toHaveBeenCalledOnce());
  });

  it('leaves a link unspent in a browser that is signed in already', async () => {
    openAt('/course?token_hash=hash-1&type=magiclink');
    const { backend } = fakeBackend({ sessionStatus: vi.fn(async () => 'signed-in' as const) });
    render(<CoursePage backend={backend} />);
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
    expect(backend.verifySignInLink).not.toHaveBeenCalled();
    expect(currentAddress()).toBe('/course');
  });

  it('asks a signed-in learner about announcements apart from reminders, off until she ticks it', async () => {
    const { backend } = fakeBackend({ sessionStatus: vi.fn(async () => 'signed-in' as const) });
    render(<CoursePage backend={backend} />);
    const box = await screen.findByRole('checkbox', { name: 'E-mail me when new lessons are added' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Now and then, when there is something new in the course. Every e-mail has a link to stop them.',
    );
    fireEvent.click(box);
    expect(
      await screen.findByText("Saved. We'll e-mail you when there is something new."),
    ).toBeInTheDocument();
    expect(backend.saveAnnouncementConsent).toHaveBeenCalledWith(true);
    expect(backend.saveReminderConsent).not.toHaveBeenCalled();
  });

  it('says a refused link has expired or was used, and offers the code and a new one', async () => {
    openAt('/course?token_hash=used&type=magiclink');
    const { backend } = fakeBackend({ verifySignInLink: vi.fn(async () => 'refused' as const) });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to your course' }));
    expect(
      await screen.findByRole('heading', { name: 'That link has expired or was already used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/its 6-digit code works on any device/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I already have a code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
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

describe('signing in with one address', () => {
  async function enterAddress(backend: CourseBackend, button: string, email = ' ada@example.com ') {
    render(<CoursePage backend={backend} />);
    const form = await screen.findByRole('form', { name: 'Sign in to watch' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your email' }), { target: { value: email } });
    fireEvent.click(within(form).getByRole('button', { name: button }));
  }

  async function typeCode(code: string) {
    const form = await screen.findByRole('form', { name: 'Sign in to watch' });
    fireEvent.change(within(form).getByRole('textbox', { name: '6-digit code' }), {
      target: { value: code },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    return form;
  }

  it('"Send me a code" sends the address, then keeps it on the code screen, with "Not you?"', async () => {
    const answer = deferred<'sent'>();
    const { backend } = fakeBackend({ requestNewLink: vi.fn(() => answer.promise) });
    await enterAddress(backend, 'Send me a code');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(backend.requestNewLink).toHaveBeenCalledWith('ada@example.com');

    answer.resolve('sent');
    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('textbox', { name: 'Your email' })).not.toBeInTheDocument();
    expect(
      screen.getByText((_, element) =>
        Boolean(
          element?.matches('p') &&
          element.textContent?.startsWith(
            'If ada@example.com signed up, an e-mail with a 6-digit code and a link is on its way.',
          ),
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 1:00' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Not you?' }));
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveFocus();
  });

  it('offers "Send a new code" once the wait is over, and says the new one is on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { backend } = fakeBackend({ requestNewLink: vi.fn(async () => 'sent' as const) });
      await enterAddress(backend, 'Send me a code');
      await screen.findByRole('button', { name: 'Send a new code in 1:00' });
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
      await waitFor(() =>
        expect(screen.getByText('A new code is on its way, if that address signed up.')).toBeInTheDocument(),
      );
      expect(backend.requestNewLink).toHaveBeenCalledTimes(2);
      // Each later e-mail waits twice as long.
      expect(screen.getByRole('button', { name: /^Send a new code in (2:00|1:59)$/ })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('"I already have a code" goes to the code screen without sending; the code signs in and shows the lessons', async () => {
    const { backend } = fakeBackend();
    await enterAddress(backend, 'I already have a code');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
    await typeCode('012 345');
    expect(await screen.findByRole('navigation', { name: 'Lessons' })).toBeInTheDocument();
    expect(backend.verifySignInCode).toHaveBeenCalledWith('ada@example.com', '012345');
    expect(backend.requestNewLink).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toHaveFocus());
  });

  it('says what to do when the code is not six digits, without asking the server', async () => {
    const { backend } = fakeBackend();
    await enterAddress(backend, 'I already have a code');
    const form = await typeCode('12345');
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
  ] as const)('says so when the code is %s, and stays signed out', async (outcome, message) => {
    const { backend } = fakeBackend({ verifySignInCode: vi.fn(async () => outcome) });
    await enterAddress(backend, 'I already have a code');
    const form = await typeCode('999999');
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(message));
    expect(within(form).getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('navigation', { name: 'Lessons' })).not.toBeInTheDocument();
  });

  it.each([
    ['rate-limited', 'Too many tries — please wait a minute.'],
    ['failed', "We couldn't send a code. Please check your connection and try again."],
  ] as const)('stays on the address when sending is %s, and says so', async (outcome, message) => {
    const { backend } = fakeBackend({ requestNewLink: vi.fn(async () => outcome) });
    await enterAddress(backend, 'Send me a code');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveAccessibleDescription(message),
    );
    expect(screen.queryByRole('textbox', { name: '6-digit code' })).not.toBeInTheDocument();
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
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
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

  it('keeps the address she typed in the sign-in form when she starts the free preview', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { backend } = fakeBackend({ loadOutline: vi.fn(async () => tagged) });
    render(<CoursePage backend={backend} />);
    await screen.findByRole('heading', { name: 'Sign in to watch' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your email' }), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Watch lesson 1 now, free' }));
    expect(await screen.findByText('Free preview · Lesson 1 of 3')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com');
  });

  it('offers and plays the free preview from the first paint, with the files the page carries', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const live = deferred<CourseOutline>();
    const { backend } = fakeBackend({ loadOutline: vi.fn(() => live.promise) });
    const carried = [
      {
        slug: 'welcome',
        title: 'Welcome',
        summary: 'Where it starts.',
        duration_seconds: 60,
        order_index: 1,
        poster_path: 'lessons/welcome.webp',
        is_preview: true,
        speaks_to: [],
        video_path: 'lessons/welcome.mp4',
        captions_path: 'lessons/welcome.vtt',
        stream_path: null,
        streams: false,
      },
    ];
    render(
      <PublishedOutlineProvider rows={carried}>
        <CoursePage backend={backend} />
      </PublishedOutlineProvider>,
    );
    await screen.findByRole('heading', { name: 'Sign in to watch' });
    fireEvent.click(screen.getByRole('button', { name: 'Watch lesson 1 now, free' }));
    expect(await screen.findByText('Free preview · Lesson 1 of 1')).toBeVisible();
    expect(backend.signOutlineFiles).toHaveBeenCalledWith({
      videoPath: 'lessons/welcome.mp4',
      captionsPath: 'lessons/welcome.vtt',
      posterPath: 'lessons/welcome.webp',
      streamPath: null,
    });
    const player = await waitFor(() => {
      const found = document.querySelector('video');
      if (!found) throw new Error('no player yet');
      return found;
    });
    // The live outline's copy of the same lesson leaves the playing preview as it is.
    await act(async () => live.resolve({ ...outlineOfRows(carried), firstPosterUrl: null }));
    expect(document.querySelector('video')).toBe(player);
    expect(backend.signOutlineFiles).toHaveBeenCalledOnce();
  });

  it('plays the free preview for a visitor who is not signed in, signed under no session', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { backend } = fakeBackend({ loadOutline: vi.fn(async () => tagged) });
    render(<CoursePage backend={backend} />);
    await screen.findByRole('heading', { name: 'Sign in to watch' });
    fireEvent.click(await screen.findByRole('button', { name: 'Watch lesson 1 now, free' }));
    expect(await screen.findByText('Free preview · Lesson 1 of 3')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toHaveFocus());
    expect(backend.signOutlineFiles).toHaveBeenCalledWith(tagged.lessons[0]?.preview);
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

  it("reads the outline again when the preview's files cannot be signed, and plays the files it then names", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Its stream was made after the page read the outline: the upload it named is no longer its video.
    const streamed: CourseOutline = {
      ...tagged,
      lessons: tagged.lessons.map((listed) =>
        listed.preview
          ? { ...listed, preview: { ...listed.preview, videoPath: 'lessons/welcome/video.mp4' } }
          : listed,
      ),
    };
    const answers = [tagged, streamed];
    const { backend } = fakeBackend({ loadOutline: vi.fn(async () => answers.shift() ?? streamed) });
    const signed = backend.signOutlineFiles;
    backend.signOutlineFiles = vi.fn<typeof signed>(async (files) => {
      if (files.videoPath === 'lessons/welcome.mp4') throw new Error('Object not found');
      return signed(files);
    });
    render(<CoursePage backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Watch lesson 1 now, free' }));
    await waitFor(() =>
      expect(document.querySelector('video')).toHaveAttribute(
        'src',
        'https://cdn.test/lessons/welcome/video.mp4?token=anon',
      ),
    );
    expect(backend.loadOutline).toHaveBeenCalledTimes(2);
  });
});
