import { act, fireEvent, render, screen } from '@testing-library/react';
import { useId, useImperativeHandle, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSiteWords } from '@/shared/site-words/site-words';
import { hydrateIslands } from './hydrate-islands';
import { Island, IslandPlaces } from './island';
import { islandHandle } from './island-handle';
import { renderIslands } from './render-islands';

// Two islands that meet through a module they share, as the landing page's hero and dialog do.
const [attachCounter, withCounter] = islandHandle<{ add: (by: number) => void }>();

function Counter() {
  const [count, setCount] = useState(0);
  const id = useId();
  useImperativeHandle(attachCounter, () => ({ add: (by) => setCount((value) => value + by) }));
  return (
    <strong id={id} aria-live="polite">
      Pressed {count} times
    </strong>
  );
}

function Press() {
  return (
    <button type="button" onClick={() => withCounter((handle) => handle.add(1))}>
      {useSiteWords()['hero.eyebrow']}
    </button>
  );
}

const islands = { counter: Counter, press: Press };
const staticPart = vi.fn(() => <h2>Prerendered only</h2>);

function Page() {
  const StaticPart = staticPart;
  return (
    <main>
      <StaticPart />
      <Island islands={islands} name="press" />
      <Island islands={islands} name="counter" />
    </main>
  );
}

/** The page as the prerender writes it, in the owner's words. */
function prerender(words = {}) {
  return renderIslands(
    renderToString(
      <IslandPlaces>
        <Page />
      </IslandPlaces>,
    ),
    islands,
    words,
  );
}

afterEach(() => {
  staticPart.mockClear();
  document.body.innerHTML = '';
});

describe('islands', () => {
  it('render in place, as any component, outside the prerender', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Free video course · 3-lens method' }));
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();
  });

  it('are prerendered each as a root of its own, in the owner’s words, with ids no other island makes', () => {
    const html = prerender({ 'hero.eyebrow': 'Her own eyebrow' });
    expect(html).toContain('<div data-island="press" class="contents"><button type="button">Her own eyebrow');
    expect(html).toContain('<div data-island="counter" class="contents"><strong id="_counter-');
    expect(html).toContain('<h2>Prerendered only</h2>');
  });

  it('refuses a page with a place for an island it was not given', () => {
    const html = renderToString(
      <IslandPlaces>
        <Page />
      </IslandPlaces>,
    );
    expect(() => renderIslands(html, { press: Press }, {})).toThrow(
      'The page has a place for island "counter", which is not one of its islands.',
    );
  });

  it('hydrate alone: the islands respond and share what they import, the rest of the page is never rendered again', async () => {
    document.body.innerHTML = prerender();
    const heading = screen.getByRole('heading', { name: 'Prerendered only' });
    staticPart.mockClear();
    const hydrationErrors = vi.spyOn(console, 'error');

    await act(async () => {
      hydrateIslands(document, islands, {});
    });
    fireEvent.click(screen.getByRole('button', { name: 'Free video course · 3-lens method' }));

    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prerendered only' })).toBe(heading);
    expect(staticPart).not.toHaveBeenCalled();
    expect(hydrationErrors).not.toHaveBeenCalled();
    hydrationErrors.mockRestore();
  });

  it('leave an island the script does not know as it arrived, and say so', async () => {
    document.body.innerHTML = prerender();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateIslands(document, { press: Press }, {});
    });
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'The page has an island "counter" that its script does not know; it stays as it arrived.',
    );
    expect(screen.getByText('Pressed 0 times')).toBeInTheDocument();
    error.mockRestore();
  });
});
