import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '@/lib/fake-intersection-observer';
import { useOnScreen } from './use-on-screen';

function Probe() {
  const section = useRef<HTMLElement>(null);
  return <section ref={section}>{useOnScreen(section) ? 'on screen' : 'off screen'}</section>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.last = undefined;
});

describe('useOnScreen', () => {
  it('follows the element in and out of the viewport, going by the latest report', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { unmount } = render(<Probe />);
    const observer = FakeIntersectionObserver.last;
    expect(observer?.observed).toHaveLength(1);
    expect(screen.getByText('on screen')).toBeInTheDocument();

    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(screen.getByText('off screen')).toBeInTheDocument();
    act(() => observer?.callback([{ isIntersecting: false }, { isIntersecting: true }]));
    expect(screen.getByText('on screen')).toBeInTheDocument();

    unmount();
    expect(observer?.disconnected).toBe(true);
  });

  it('is true where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('on screen')).toBeInTheDocument();
  });
});
