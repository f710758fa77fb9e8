import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseOutline } from './outline';
import { createOutlineStore } from './outline-store';

const outline: CourseOutline = {
  lessons: [
    {
      slug: 'welcome',
      title: 'Welcome',
      summary: '',
      durationSeconds: 47,
      orderIndex: 1,
      isPreview: false,
      streams: false,
      speaksTo: [],
      files: null,
      preview: null,
    },
  ],
  firstPosterUrl: null,
};

/** A load the test settles by hand. */
function deferredLoad() {
  let resolve: (value: CourseOutline) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<CourseOutline>((settleWith, failWith) => {
        resolve = settleWith;
        reject = failWith;
      }),
  );
  return { load, settle: () => ({ resolve, reject }) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('createOutlineStore', () => {
  it('loads nothing until asked, then once, and tells its listeners when the outline is there', async () => {
    const { load, settle } = deferredLoad();
    const store = createOutlineStore(load);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(load).not.toHaveBeenCalled();
    expect(store.current()).toEqual({ status: 'loading' });

    store.request();
    store.request();
    expect(load).toHaveBeenCalledTimes(1);
    settle().resolve(outline);
    await vi.waitFor(() => expect(store.current()).toEqual({ status: 'ready', outline }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reports a failure and an empty outline as unavailable, and logs them', async () => {
    const failing = deferredLoad();
    const store = createOutlineStore(failing.load);
    store.request();
    failing.settle().reject(new TypeError('Failed to fetch'));
    await vi.waitFor(() => expect(store.current()).toEqual({ status: 'unavailable' }));
    expect(console.error).toHaveBeenCalledWith('Course outline: could not load it.', expect.any(TypeError));

    const empty = createOutlineStore(() => Promise.resolve({ lessons: [], firstPosterUrl: null }));
    empty.request();
    await vi.waitFor(() => expect(empty.current()).toEqual({ status: 'unavailable' }));
    expect(console.error).toHaveBeenCalledWith('Course outline: no lesson is published.');
  });

  it('stops telling a listener that unsubscribed', async () => {
    const store = createOutlineStore(() => Promise.resolve(outline));
    const listener = vi.fn();
    store.subscribe(listener)();
    store.request();
    await vi.waitFor(() => expect(store.current().status).toBe('ready'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('reads the outline again on reload, showing the current one meanwhile; a failure keeps it', async () => {
    const newer: CourseOutline = { ...outline, firstPosterUrl: 'https://cdn.test/poster.webp?token=t' };
    const answers: (() => Promise<CourseOutline>)[] = [
      async () => outline,
      async () => newer,
      async () => Promise.reject(new Error('offline')),
    ];
    const store = createOutlineStore(() => answers.shift()?.() ?? Promise.reject(new Error('no more')));
    store.request();
    await vi.waitFor(() => expect(store.current()).toEqual({ status: 'ready', outline }));
    store.reload();
    expect(store.current()).toEqual({ status: 'ready', outline });
    await vi.waitFor(() => expect(store.current()).toEqual({ status: 'ready', outline: newer }));
    store.reload();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(store.current()).toEqual({ status: 'ready', outline: newer });
  });
});
