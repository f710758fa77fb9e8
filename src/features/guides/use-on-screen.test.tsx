import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnScreen } from './use-on-screen';

function Probe() {
  const section = useRef<HTMLElement>(null);
  return <section ref={section}>{useOnScreen(section) ? 'on screen' : 'off screen'}</section>;
}

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('useOnScreen', () => {
  it('follows the element in and out of the viewport, going by the latest report', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { unmount } = render(<Probe />);
    const observer = FakeObserver.last;
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
