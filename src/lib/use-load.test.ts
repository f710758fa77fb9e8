import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoad } from './use-load';

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

afterEach(() => vi.restoreAllMocks());

describe('useLoad', () => {
  it('shows loading, then the answer', async () => {
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const { result } = renderHook(() => useLoad(load));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => answer.resolve('read'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'read' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a failure, logs it when told how, and reads again on retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('down')).mockResolvedValue(7);
    const { result } = renderHook(() => useLoad(load, 'Test: could not read.'));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'failed' }));
    expect(logged).toHaveBeenCalledWith('Test: could not read.', new Error('down'));

    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 7 }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('logs nothing without a message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = () => Promise.reject(new Error('down'));
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'failed' }));
    expect(logged).not.toHaveBeenCalled();
  });

  it('keeps what is shown while it reloads, and takes a value or a failure the screen gives it', async () => {
    const second = deferred<string>();
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('first')
      .mockReturnValueOnce(second.promise);
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'first' }));

    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: 'ready', value: 'first' });
    await act(async () => second.resolve('second'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'second' });

    act(() => result.current.set('changed here'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'changed here' });
    act(() => result.current.fail());
    expect(result.current.state).toEqual({ status: 'failed' });
  });

  it('shows loading at once for a new load, and drops the answer to the old one', async () => {
    const old = deferred<string>();
    const fresh = deferred<string>();
    const { result, rerender } = renderHook(({ load }) => useLoad(load), {
      initialProps: { load: () => old.promise },
    });
    rerender({ load: () => fresh.promise });
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => old.resolve('old'));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => fresh.resolve('fresh'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'fresh' });
  });

  it('waits while there is nothing to read, and drops an answer that comes after unmount', async () => {
    const answer = deferred<string>();
    const nothingYet: { load: (() => Promise<string>) | null } = { load: null };
    const { result, rerender, unmount } = renderHook(({ load }) => useLoad(load), {
      initialProps: nothingYet,
    });
    expect(result.current.state).toEqual({ status: 'loading' });
    const load = vi.fn(() => answer.promise);
    rerender({ load });
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
    await act(async () => answer.resolve('late'));
    expect(result.current.state).toEqual({ status: 'loading' });
  });
});
