import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from './fake-intersection-observer';
import { useNearViewport } from './use-near-viewport';

function Probe({ watching = true }: { watching?: boolean }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, watching);
  return <section ref={section}>{near ? 'near' : 'far'}</section>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.last = undefined;
});

describe('useNearViewport', () => {
  it('turns true once the element comes within half a screen, then stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe />);
    const observer = FakeIntersectionObserver.last;
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observer?.options.rootMargin).toBe('50% 0px');
    expect(observer?.observed).toHaveLength(1);

    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => observer?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observer?.disconnected).toBe(true);
  });

  it('stays false while the observer reports the element far away, however long', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe />);
    act(() => FakeIntersectionObserver.last?.callback([{ isIntersecting: false }]));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('far')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('turns true after a second when the observer never reports (no frame is ever rendered)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(FakeIntersectionObserver.last?.disconnected).toBe(true);
    vi.useRealTimers();
  });

  it('does not watch while told not to (a dialog covers the page), and starts when told to again', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { rerender } = render(<Probe />);
    const before = FakeIntersectionObserver.last;
    rerender(<Probe watching={false} />);
    expect(before?.disconnected).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('far')).toBeInTheDocument();

    rerender(<Probe watching />);
    const after = FakeIntersectionObserver.last;
    expect(after).not.toBe(before);
    act(() => after?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
