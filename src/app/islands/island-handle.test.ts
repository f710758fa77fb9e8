import { describe, expect, it, vi } from 'vitest';
import { islandHandle } from './island-handle';

describe('islandHandle', () => {
  it('calls at once once its island has hydrated, and holds earlier calls until then, in order', () => {
    const [attachDialog, withDialog] = islandHandle<{ open: (who: string) => void }>();
    const open = vi.fn();
    withDialog((handle) => handle.open('hero'));
    withDialog((handle) => handle.open('teaser'));
    expect(open).not.toHaveBeenCalled();

    attachDialog({ open });
    expect(open.mock.calls).toEqual([['hero'], ['teaser']]);

    withDialog((handle) => handle.open('questionnaire'));
    expect(open).toHaveBeenLastCalledWith('questionnaire');
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('answers with the latest handle, and waits again while the island is gone', () => {
    const [attachTeaser, withTeaser] = islandHandle<{ play: () => void }>();
    const first = vi.fn();
    const second = vi.fn();
    attachTeaser({ play: first });
    attachTeaser({ play: second });
    withTeaser((handle) => handle.play());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();

    attachTeaser(null);
    withTeaser((handle) => handle.play());
    expect(second).toHaveBeenCalledOnce();
  });
});
