import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { type Root, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

const hydratedRoots: Root[] = [];

/**
 * Prerenders the footer the way the build does, then hydrates it; returns how many times React committed and
 * whether hydration had to recover from a mismatch.
 */
async function prerenderAndHydrate() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SiteFooter />);
  document.body.append(container);
  const onRender = vi.fn();
  const onRecoverableError = vi.fn();
  await act(async () => {
    const root = hydrateRoot(
      container,
      <Profiler id="footer" onRender={onRender}>
        <SiteFooter />
      </Profiler>,
      { onRecoverableError },
    );
    hydratedRoots.push(root);
  });
  return { container, commits: onRender.mock.calls.length, mismatches: onRecoverableError.mock.calls.length };
}

describe('SiteFooter', () => {
  afterEach(() => {
    act(() => {
      for (const root of hydratedRoots.splice(0)) root.unmount();
    });
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows © <current year> <brand>, the privacy page and the placeholder link', () => {
    render(<SiteFooter />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Three Lenses`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'For Schools & Employers' })).toHaveAttribute('href', '#');
  });

  it('hydrates a page built this year without rendering again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(__BUILD_YEAR__, 5, 1));
    const { container, commits, mismatches } = await prerenderAndHydrate();
    expect(container).toHaveTextContent(`© ${__BUILD_YEAR__} Three Lenses`);
    expect(commits).toBe(1);
    expect(mismatches).toBe(0);
  });

  it('shows the current year once hydrated on a page built in an earlier year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(__BUILD_YEAR__ + 1, 0, 1));
    const { container, commits, mismatches } = await prerenderAndHydrate();
    expect(container).toHaveTextContent(`© ${__BUILD_YEAR__ + 1} Three Lenses`);
    expect(commits).toBe(2);
    expect(mismatches).toBe(0);
  });
});
