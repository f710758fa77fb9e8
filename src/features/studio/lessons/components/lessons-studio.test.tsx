import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../../model/resumable-upload';
import type { LessonsBackend, LessonStream, StudioLesson } from '../model/lessons-backend';
import { LessonsStudio } from './lessons-studio';

const lesson = (id: number, title: string, published: boolean): StudioLesson => ({
  id,
  slug: title.toLowerCase().replaceAll(' ', '-'),
  title,
  summary: `About ${title.toLowerCase()}.`,
  video_path: `lessons/${id}.mp4`,
  stream_path: null,
  captions_path: null,
  poster_path: null,
  duration_seconds: 60 + id,
  order_index: id,
  is_published: published,
  is_preview: false,
  speaks_to: [],
});

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The panel over a back end of the test's making: the port the supabase-js back end also implements. */
function fakeBackend() {
  let lessons = [lesson(1, 'Welcome', true), lesson(2, 'Trends', false), lesson(3, 'Strengths', true)];
  const uploaded = deferred();
  let reportProgress: (progress: UploadProgress) => void = () => undefined;
  const pause = vi.fn();
  const resume = vi.fn();
  const backend = {
    listLessons: vi.fn<LessonsBackend['listLessons']>(async () => lessons),
    saveLesson: vi.fn<LessonsBackend['saveLesson']>(async (save) => {
      if ('lesson_id' in save) {
        lessons = lessons.map((known) => (known.id === save.lesson_id ? { ...known, ...save } : known));
        return lessons.find((known) => known.id === save.lesson_id) as StudioLesson;
      }
      const added = { ...lesson(4, save.title, false), ...save };
      lessons = [...lessons, added];
      return added;
    }),
    reorderLessons: vi.fn<LessonsBackend['reorderLessons']>(async (ids) => {
      lessons = ids.map((id, index) => ({
        ...(lessons.find((known) => known.id === id) as StudioLesson),
        order_index: index + 1,
      }));
      return lessons;
    }),
    setPublished: vi.fn<LessonsBackend['setPublished']>(async (id, published) => {
      lessons = lessons.map((known) => (known.id === id ? { ...known, is_published: published } : known));
      return lessons.find((known) => known.id === id) as StudioLesson;
    }),
    deleteLesson: vi.fn<LessonsBackend['deleteLesson']>(async (id) => {
      lessons = lessons
        .filter((known) => known.id !== id)
        .map((known, index) => ({ ...known, order_index: index + 1 }));
      return lessons;
    }),
    inspectVideo: vi.fn<LessonsBackend['inspectVideo']>(async () => ({
      durationSeconds: 95,
      frames: [new Blob(['a']), new Blob(['b']), new Blob(['c'])],
    })),
    uploadVideo: vi.fn<LessonsBackend['uploadVideo']>((_path, _file, onProgress) => {
      reportProgress = onProgress;
      return { done: uploaded.promise, pause, resume };
    }),
    uploadFile: vi.fn<LessonsBackend['uploadFile']>(async () => undefined),
    lessonStreams: vi.fn<LessonsBackend['lessonStreams']>(async () => []),
    signLessonMedia: vi.fn<LessonsBackend['signLessonMedia']>(async (shown) => ({
      video: `https://cdn.test/${shown.video_path}?token=owner`,
      captions: null,
      poster: null,
      slowLinkVideo: null,
    })),
  } satisfies LessonsBackend;
  return {
    backend,
    pause,
    resume,
    progress: (sent: number, total: number) => act(() => reportProgress({ sent, total })),
    finishUpload: () => act(() => uploaded.resolve()),
  };
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Lessons in course order' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const item = (title: string) =>
  screen
    .getAllByRole('listitem')
    .find((row) => within(row).queryByRole('heading', { name: new RegExp(title) }));
const status = () => screen.getByRole('status');
const MB = 1024 * 1024;

beforeEach(() => {
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:frame-${(made += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the lessons list', () => {
  it('shows every lesson in order with its state, publishes a draft and previews one', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    await waitFor(() => expect(titles()).toEqual(['WelcomePublished', 'TrendsDraft', 'StrengthsPublished']));
    expect(within(item('Welcome') as HTMLElement).getByText('Lesson 1 of 3 · 1:01')).toBeInTheDocument();

    const trends = item('Trends') as HTMLElement;
    fireEvent.click(within(trends).getByRole('button', { name: 'Preview as a learner' }));
    await waitFor(() =>
      expect(trends.querySelector('video')).toHaveAttribute(
        'src',
        'https://cdn.test/lessons/2.mp4?token=owner',
      ),
    );
    expect(within(trends).getByRole('heading', { name: 'Preview: Trends' })).toBeInTheDocument();

    fireEvent.click(within(trends).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('“Trends” is published: signed-in learners see it now.'),
    );
    expect(backend.setPublished).toHaveBeenCalledWith(2, true);
    expect(within(trends).getByText('Published')).toBeInTheDocument();
    expect(within(trends).queryByRole('button', { name: 'Preview as a learner' })).not.toBeInTheDocument();
    fireEvent.click(within(trends).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(within(trends).getByText('Draft')).toBeInTheDocument());
  });

  it('moves a lesson with the arrow keys, keeping the keyboard on it, and says where it went', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    const up = await screen.findByRole('button', { name: 'Move “Strengths” up' });
    expect(screen.getByRole('button', { name: 'Move “Welcome” up' })).toBeDisabled();
    up.focus();
    fireEvent.keyDown(up, { key: 'ArrowUp' });
    await waitFor(() => expect(titles()).toEqual(['WelcomePublished', 'StrengthsPublished', 'TrendsDraft']));
    expect(backend.reorderLessons).toHaveBeenLastCalledWith([1, 3, 2]);
    expect(status()).toHaveTextContent('“Strengths” is now lesson 2 of 3.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Strengths” up' })).toHaveFocus());

    fireEvent.keyDown(screen.getByRole('button', { name: 'Move “Strengths” up' }), { key: 'ArrowUp' });
    await waitFor(() => expect(titles()[0]).toBe('StrengthsPublished'));
    // At the top, the keyboard goes to the button that can still move it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Strengths” down' })).toHaveFocus());
  });

  it('edits a title and summary in place', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Trends”' }));
    const trends = item('Trends') as HTMLElement;
    fireEvent.change(within(trends).getByLabelText('Title'), { target: { value: '' } });
    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    expect(within(trends).getByLabelText('Title')).toHaveAccessibleDescription('Give the lesson a title.');
    fireEvent.change(within(trends).getByLabelText('Title'), { target: { value: ' The trends lens ' } });
    fireEvent.change(within(trends).getByLabelText('Summary'), { target: { value: 'Spot what changes.' } });
    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved “The trends lens”.'));
    expect(backend.saveLesson).toHaveBeenCalledWith({
      lesson_id: 2,
      title: 'The trends lens',
      summary: 'Spot what changes.',
      is_preview: false,
      speaks_to: [],
    });
    expect(titles()[1]).toBe('The trends lensDraft');
    expect(screen.getByText('Spot what changes.')).toBeInTheDocument();
  });

  it("marks a free preview and the questionnaire's answers a lesson speaks to, keeping tags from elsewhere", async () => {
    const { backend } = fakeBackend();
    backend.listLessons.mockResolvedValueOnce([
      lesson(1, 'Welcome', true),
      { ...lesson(3, 'Strengths', true), speaks_to: ['Burnout', 'night shifts'] },
    ]);
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Strengths”' }));
    const strengths = item('Strengths') as HTMLElement;
    const preview = within(strengths).getByRole('checkbox', {
      name: 'Free preview: anyone can watch it without signing in',
    });
    expect(preview).toHaveAccessibleDescription(
      'Once published, the first free preview plays right after signing up (“Start lesson 2 now”) and on the course page (“Watch lesson 2 now, free”).',
    );
    fireEvent.click(preview);
    const speaksTo = within(strengths).getByRole('group', { name: 'Who it speaks to' });
    expect(within(speaksTo).getByRole('checkbox', { name: 'Burnout' })).toBeChecked();
    const other = within(speaksTo).getByRole('group', { name: 'Other tags (from the owner’s tool)' });
    expect(within(other).getByRole('checkbox', { name: 'night shifts' })).toBeChecked();
    fireEvent.click(within(speaksTo).getByRole('checkbox', { name: '45–54' }));
    fireEvent.click(within(speaksTo).getByRole('checkbox', { name: 'Mentoring' }));
    fireEvent.click(within(speaksTo).getByRole('checkbox', { name: 'Burnout' }));
    fireEvent.click(within(strengths).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(status()).toHaveTextContent('Saved “Strengths”.'));
    expect(backend.saveLesson).toHaveBeenCalledWith(
      expect.objectContaining({
        lesson_id: 3,
        is_preview: true,
        speaks_to: ['night shifts', '45-55', 'Mentoring'],
      }),
    );
    expect(within(strengths).getByText('Free preview')).toBeInTheDocument();
  });
});

describe('the last free preview', () => {
  const withPreview = () => {
    const fake = fakeBackend();
    fake.backend.listLessons.mockResolvedValueOnce([
      { ...lesson(1, 'Welcome', true), is_preview: true },
      lesson(2, 'Trends', false),
    ]);
    return fake;
  };

  it('is unpublished only once the owner has read what visitors lose, and goes ahead', async () => {
    const { backend } = withPreview();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'No free preview will be left' });
    expect(dialog).toHaveAccessibleDescription(
      '“Welcome” is the only published free preview. Without one, visitors no longer get “Start lesson 1 now” after signing up, nor “Watch lesson 1 now, free” on the course page. Learners who signed up still see every published lesson.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.setPublished).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Go ahead' }));
    await waitFor(() => expect(backend.setPublished).toHaveBeenCalledWith(1, false));
    expect(status()).toHaveTextContent('“Welcome” is a draft again: learners no longer see it.');
  });

  it('stops being a preview only once the owner goes ahead; "Keep the preview" leaves the form open', async () => {
    const { backend } = withPreview();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Welcome”' }));
    const welcome = item('Welcome') as HTMLElement;
    fireEvent.click(within(welcome).getByRole('checkbox', { name: /^Free preview/ }));
    fireEvent.click(within(welcome).getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep the preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.saveLesson).not.toHaveBeenCalled();
    // Radix hides the page from assistive tech while its dialog is open; the form comes back once it is gone.
    expect(await within(welcome).findByRole('button', { name: 'Save' })).toBeEnabled();

    fireEvent.click(within(welcome).getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Go ahead' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved “Welcome”.'));
    expect(backend.saveLesson).toHaveBeenCalledWith(
      expect.objectContaining({ lesson_id: 1, is_preview: false }),
    );
  });

  it('is not asked about while another published preview stays', async () => {
    const { backend } = fakeBackend();
    backend.listLessons.mockResolvedValueOnce([
      { ...lesson(1, 'Welcome', true), is_preview: true },
      { ...lesson(3, 'Strengths', true), is_preview: true },
    ]);
    render(<LessonsStudio backend={backend} />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Unpublish' }))[0] as HTMLElement);
    await waitFor(() => expect(backend.setPublished).toHaveBeenCalledWith(1, false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("replacing a lesson's files", () => {
  it('uploads a new video under a new name with its progress, keeps the poster unless one is chosen, and saves', async () => {
    const { backend, progress, finishUpload } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Trends”' }));
    const trends = item('Trends') as HTMLElement;
    expect(within(trends).getByLabelText('New video (MP4 or WebM)')).toHaveAccessibleDescription(
      'Leave empty to keep the current video.',
    );
    const video = new File([new Uint8Array(2 * MB)], 'trends.mp4', { type: 'video/mp4', lastModified: 36 });
    fireEvent.change(within(trends).getByLabelText('New video (MP4 or WebM)'), {
      target: { files: [video] },
    });
    expect(await within(trends).findByText('Length: 1:35')).toBeInTheDocument();
    // Its frames are offered as the new poster; none is chosen for her, so the current one stays.
    expect(within(trends).getByRole('radio', { name: 'Frame 2' })).not.toBeChecked();

    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    await within(trends).findByRole('progressbar', { name: 'Uploading the video' });
    expect(backend.uploadVideo).toHaveBeenCalledWith(
      'lessons/trends/video-18y68-10.mp4',
      video,
      expect.any(Function),
    );
    progress(MB, 2 * MB);
    expect(within(trends).getByText('1.0 MB of 2.0 MB (50%)')).toBeInTheDocument();
    finishUpload();

    await waitFor(() => expect(status()).toHaveTextContent('Saved “Trends”.'));
    expect(backend.uploadFile).not.toHaveBeenCalled();
    expect(backend.saveLesson).toHaveBeenCalledWith({
      lesson_id: 2,
      title: 'Trends',
      summary: 'About trends.',
      is_preview: false,
      speaks_to: [],
      video_path: 'lessons/trends/video-18y68-10.mp4',
      duration_seconds: 95,
    });
    expect(within(item('Trends') as HTMLElement).getByText('Lesson 2 of 3 · 1:35')).toBeInTheDocument();
  });

  it('takes a picked video and captions back out ("Keep the current video"), and saves without them', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Trends”' }));
    const trends = item('Trends') as HTMLElement;
    const videoField = within(trends).getByLabelText('New video (MP4 or WebM)');
    const video = new File([new Uint8Array(MB)], 'trends.mp4', { type: 'video/mp4', lastModified: 36 });
    fireEvent.change(videoField, { target: { files: [video] } });
    expect(await within(trends).findByText('Length: 1:35')).toBeInTheDocument();
    fireEvent.click(within(trends).getByRole('radio', { name: 'Frame 2' }));
    const srt = new File(['1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n'], 'trends.srt');
    fireEvent.change(within(trends).getByLabelText(/^New captions/), { target: { files: [srt] } });
    expect(await within(trends).findByText('SubRip captions converted to WebVTT.')).toBeInTheDocument();

    fireEvent.click(within(trends).getByRole('button', { name: 'Keep the current video' }));
    expect(videoField).toHaveFocus();
    expect(videoField).toHaveAccessibleDescription('Leave empty to keep the current video.');
    // The frame she chose went with the video: the current poster stays.
    expect(within(trends).queryByRole('radio', { name: 'Frame 2' })).not.toBeInTheDocument();
    fireEvent.click(within(trends).getByRole('button', { name: 'Keep the current captions' }));
    expect(within(trends).getByLabelText(/^New captions/)).toHaveAccessibleDescription(
      'Leave empty to keep the current captions.',
    );
    expect(within(trends).queryByRole('button', { name: /^Keep the current/ })).not.toBeInTheDocument();

    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved “Trends”.'));
    expect(backend.uploadVideo).not.toHaveBeenCalled();
    expect(backend.uploadFile).not.toHaveBeenCalled();
  });

  it('stores new captions and a picture as the poster, each under a new name', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Trends”' }));
    const trends = item('Trends') as HTMLElement;
    const srt = new File(['1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n'], 'trends.srt');
    fireEvent.change(within(trends).getByLabelText(/^New captions/), { target: { files: [srt] } });
    expect(await within(trends).findByText('SubRip captions converted to WebVTT.')).toBeInTheDocument();
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      'cover.png',
    );
    fireEvent.change(within(trends).getByLabelText(/^Or upload a picture/), { target: { files: [png] } });
    expect(await within(trends).findByRole('radio', { name: 'cover.png' })).toBeChecked();

    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved “Trends”.'));
    expect(backend.uploadVideo).not.toHaveBeenCalled();
    const [captionsCall, posterCall] = backend.uploadFile.mock.calls;
    expect(captionsCall?.[0]).toMatch(/^lessons\/trends\/captions-[0-9a-z]+\.vtt$/);
    expect(posterCall?.[0]).toMatch(/^lessons\/trends\/poster-[0-9a-z]+\.png$/);
    expect(posterCall?.[2]).toBe('image/png');
    expect(backend.saveLesson).toHaveBeenCalledWith(
      expect.objectContaining({
        lesson_id: 2,
        captions_path: captionsCall?.[0],
        poster_path: posterCall?.[0],
      }),
    );
  });

  it('stores nothing while the new captions are refused, and says a failed upload', async () => {
    const { backend } = fakeBackend();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Trends”' }));
    const trends = item('Trends') as HTMLElement;
    const junk = new File(['Just my notes'], 'notes.vtt');
    fireEvent.change(within(trends).getByLabelText(/^New captions/), { target: { files: [junk] } });
    expect(await within(trends).findByText(/This WebVTT file has a mistake on line 1/)).toBeInTheDocument();
    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    expect(within(trends).getByLabelText(/^New captions/)).toHaveFocus();
    expect(backend.saveLesson).not.toHaveBeenCalled();

    fireEvent.change(within(trends).getByLabelText(/^New captions/), { target: { files: [] } });
    backend.uploadVideo.mockImplementationOnce(() => ({
      done: Promise.reject(new Error('offline')),
      pause: vi.fn(),
      resume: vi.fn(),
    }));
    const video = new File([new Uint8Array(MB)], 'trends.mp4', { type: 'video/mp4' });
    fireEvent.change(within(trends).getByLabelText('New video (MP4 or WebM)'), {
      target: { files: [video] },
    });
    await within(trends).findByText('Length: 1:35');
    fireEvent.click(within(trends).getByRole('button', { name: 'Save' }));
    expect(await within(trends).findByRole('alert')).toHaveTextContent(
      'The upload stopped. Check your connection, then press Save again: it goes on from where it stopped.',
    );
    expect(backend.saveLesson).not.toHaveBeenCalled();
    expect(within(trends).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('deleting a lesson', () => {
  it('deletes only once the owner has read what goes, then says so and keeps the keyboard in the list', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Trends”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Trends” for good?' });
    expect(dialog).toHaveAccessibleDescription(
      'Its video, captions and poster go, and so does every learner’s progress in it; the lessons after it move up. This cannot be undone. To hide it from learners for now, unpublish it instead.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the lesson' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.deleteLesson).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Trends”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the lesson' }));
    await waitFor(() => expect(titles()).toEqual(['WelcomePublished', 'StrengthsPublished']));
    expect(backend.deleteLesson).toHaveBeenCalledWith(2);
    expect(status()).toHaveTextContent('Deleted “Trends”. The lessons after it moved up.');
    expect(within(item('Strengths') as HTMLElement).getByText('Lesson 2 of 2 · 1:03')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Lessons in course order' })).toHaveFocus());
  });

  it('says what visitors lose when the lesson is the last published free preview', async () => {
    const { backend } = fakeBackend();
    backend.listLessons.mockResolvedValueOnce([
      { ...lesson(1, 'Welcome', true), is_preview: true },
      lesson(2, 'Trends', false),
    ]);
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Welcome”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Welcome” for good?' });
    expect(dialog).toHaveAccessibleDescription(
      /This cannot be undone\. .* “Welcome” is the only published free preview\. Without one, visitors no longer get “Start lesson 1 now”/,
    );
  });

  it('says a failed deletion and keeps the lesson', async () => {
    const { backend } = fakeBackend();
    backend.deleteLesson.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Trends”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the lesson' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent("That didn't work. Please check your connection and try again."),
    );
    expect(titles()).toEqual(['WelcomePublished', 'TrendsDraft', 'StrengthsPublished']);
  });
});

describe("the lessons' streams", () => {
  const stream = (
    lesson_id: number,
    state: LessonStream['state'],
    percent = 0,
    message: string | null = null,
  ) => ({
    lesson_id,
    state,
    percent,
    message,
  });

  it('says where each stream is, reads again while one is being made, and stops once none is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { backend } = fakeBackend();
      const reason = 'No ffmpeg found. The video is kept as uploaded.';
      backend.lessonStreams
        .mockResolvedValueOnce([
          stream(1, 'working', 40),
          stream(2, 'waiting'),
          stream(3, 'failed', 0, reason),
        ])
        .mockResolvedValueOnce([
          stream(1, 'done', 100),
          stream(2, 'working', 10),
          stream(3, 'failed', 0, reason),
        ])
        .mockResolvedValue([stream(1, 'done', 100), stream(2, 'done', 100), stream(3, 'failed', 0, reason)]);
      const { unmount } = render(<LessonsStudio backend={backend} />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(
        within(item('Welcome') as HTMLElement).getByText('Making the streaming versions: 40 %'),
      ).toBeVisible();
      expect(
        within(item('Trends') as HTMLElement).getByText('Waiting to make the streaming versions…'),
      ).toBeVisible();
      expect(
        within(item('Strengths') as HTMLElement).getByText(`Plays as uploaded: ${reason}`),
      ).toBeVisible();

      await act(() => vi.advanceTimersByTimeAsync(4000));
      expect(
        within(item('Welcome') as HTMLElement).getByText('Ready to stream on slow connections'),
      ).toBeVisible();
      expect(status()).toHaveTextContent('“Welcome” is ready to stream on slow connections.');
      expect(
        within(item('Trends') as HTMLElement).getByText('Making the streaming versions: 10 %'),
      ).toBeVisible();

      await act(() => vi.advanceTimersByTimeAsync(4000));
      expect(status()).toHaveTextContent('“Trends” is ready to stream on slow connections.');
      expect(backend.lessonStreams).toHaveBeenCalledTimes(3);
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(backend.lessonStreams).toHaveBeenCalledTimes(3);
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops reading when the section closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { backend } = fakeBackend();
      backend.lessonStreams.mockResolvedValue([stream(2, 'working', 5)]);
      const { unmount } = render(<LessonsStudio backend={backend} />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(backend.lessonStreams).toHaveBeenCalledTimes(1);
      unmount();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(backend.lessonStreams).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('adding a lesson', () => {
  it('converts .srt captions, uploads the video with its progress and a pause, and saves a draft', async () => {
    const { backend, pause, resume, progress, finishUpload } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    const form = screen.getByRole('form', { name: 'Add a lesson' });

    fireEvent.click(within(form).getByRole('button', { name: 'Upload and save as a draft' }));
    expect(within(form).getByLabelText('Title')).toHaveFocus();
    expect(within(form).getByLabelText('Video (MP4 or WebM)')).toHaveAccessibleDescription(
      /Pick the video\./,
    );

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Dreams, at last' } });
    expect(within(form).getByLabelText('Link name')).toHaveValue('dreams-at-last');
    const video = new File([new Uint8Array(6 * MB)], 'dreams.mp4', { type: 'video/mp4' });
    fireEvent.change(within(form).getByLabelText('Video (MP4 or WebM)'), { target: { files: [video] } });
    expect(await within(form).findByText('Length: 1:35')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Frame 2' })).toBeChecked();
    fireEvent.click(within(form).getByRole('radio', { name: 'Frame 1' }));

    const junk = new File(['Just my notes'], 'notes.srt');
    fireEvent.change(within(form).getByLabelText(/^Captions/), { target: { files: [junk] } });
    expect(await within(form).findByText(/This WebVTT file has a mistake on line 1/)).toBeInTheDocument();
    const srt = new File(['\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n'], 'dreams.srt');
    fireEvent.change(within(form).getByLabelText(/^Captions/), { target: { files: [srt] } });
    expect(await within(form).findByText('SubRip captions converted to WebVTT.')).toBeInTheDocument();

    fireEvent.click(within(form).getByRole('button', { name: 'Upload and save as a draft' }));
    const bar = await within(form).findByRole('progressbar', { name: 'Uploading the video' });
    expect(backend.uploadVideo).toHaveBeenCalledWith(
      'lessons/dreams-at-last/video.mp4',
      video,
      expect.any(Function),
    );
    progress(3 * MB, 6 * MB);
    expect(bar).toHaveAttribute('value', String(3 * MB));
    expect(within(form).getByText('3.0 MB of 6.0 MB (50%)')).toBeInTheDocument();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalled();
    expect(within(form).getByText(/^Paused\./)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Resume' }));
    expect(resume).toHaveBeenCalled();
    finishUpload();

    await waitFor(() => expect(status()).toHaveTextContent('Added “Dreams, at last” as a draft.'));
    const [captionsCall, posterCall] = backend.uploadFile.mock.calls;
    expect(captionsCall?.[0]).toBe('lessons/dreams-at-last/captions.vtt');
    expect(captionsCall?.[2]).toBe('text/vtt; charset=utf-8');
    expect(await captionsCall?.[1].text()).toBe('WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello\n');
    expect(posterCall?.slice(0, 3)).toEqual([
      'lessons/dreams-at-last/poster.jpg',
      expect.any(Blob),
      'image/jpeg',
    ]);
    expect(await posterCall?.[1].text()).toBe('a');
    expect(backend.saveLesson).toHaveBeenCalledWith({
      slug: 'dreams-at-last',
      title: 'Dreams, at last',
      summary: '',
      video_path: 'lessons/dreams-at-last/video.mp4',
      captions_path: 'lessons/dreams-at-last/captions.vtt',
      poster_path: 'lessons/dreams-at-last/poster.jpg',
      duration_seconds: 95,
    });
    expect(titles()).toEqual([
      'WelcomePublished',
      'TrendsDraft',
      'StrengthsPublished',
      'Dreams, at lastDraft',
    ]);
  });

  it('refuses a link name another lesson has before anything is uploaded', async () => {
    const { backend } = fakeBackend();
    render(<LessonsStudio backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    const form = screen.getByRole('form', { name: 'Add a lesson' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Trends' } });
    const video = new File(['v'], 'trends.webm', { type: 'video/webm' });
    fireEvent.change(within(form).getByLabelText('Video (MP4 or WebM)'), { target: { files: [video] } });
    await within(form).findByText('Length: 1:35');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload and save as a draft' }));
    expect(within(form).getByLabelText('Link name')).toHaveFocus();
    expect(within(form).getByLabelText('Link name')).toHaveAccessibleDescription(
      /Another lesson already has this link name/,
    );
    expect(backend.uploadVideo).not.toHaveBeenCalled();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add a lesson' })).toHaveFocus();
  });
});
