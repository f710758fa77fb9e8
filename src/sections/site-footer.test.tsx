import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

/** Prerenders the footer the way the build does, then hydrates it; returns how many times React committed. */
async function prerenderAndHydrate() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SiteFooter />);
  document.body.append(container);
  const onRender = vi.fn();
  await act(async () => {
    hydrateRoot(
      container,
      <Profiler id="footer" onRender={onRender}>
        <SiteFooter />
      </Profiler>,
    );
  });
  return { container, commits: onRender.mock.calls.length };
}

describe('SiteFooter', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows © <current year> <brand> and the two placeholder links', () => {
    render(<SiteFooter />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Three Lenses`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '#');
    expect(screen.getByRole('link', { name: 'For Schools & Employers' })).toHaveAttribute('href', '#');
  });

  it('hydrates a page built this year without rendering again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(__BUILD_YEAR__, 5, 1));
    const { container, commits } = await prerenderAndHydrate();
    expect(container).toHaveTextContent(`© ${__BUILD_YEAR__} Three Lenses`);
    expect(commits).toBe(1);
  });

  it('shows the current year once hydrated on a page built in an earlier year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(__BUILD_YEAR__ + 1, 0, 1));
    const { container, commits } = await prerenderAndHydrate();
    expect(container).toHaveTextContent(`© ${__BUILD_YEAR__ + 1} Three Lenses`);
    expect(commits).toBe(2);
  });
});
