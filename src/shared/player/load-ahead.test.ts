import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAhead, loadedAhead } from './load-ahead';

const FILE = '/storage/v1/object/sign/course/lessons/welcome.mp4?token=t';

/** Starts loading `FILE` ahead; answers the element doing it, and a spy told when the element lets go of it. */
function startLoadingAhead() {
  const created = vi.spyOn(document, 'createElement');
  const stop = loadAhead(FILE);
  const element = created.mock.results[0]?.value as HTMLVideoElement;
  created.mockRestore();
  const letGo = vi.spyOn(element, 'load');
  return { element, stop, letGo };
}

/** A video of the page with `address` (which it reports whole, as browsers do), as a player has it. */
function pageVideo(address: string) {
  const player = document.createElement('video');
  Object.defineProperty(player, 'currentSrc', { value: new URL(address, document.baseURI).href });
  document.body.append(player);
  return player;
}

/** A video of the page that starts loading `address`, as a player does. */
function playerOpening(address: string) {
  const player = pageVideo(address);
  player.dispatchEvent(new Event('loadstart'));
  return player;
}

/** Whether the promise has settled by the time the microtasks queued so far have run. */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('loadAhead', () => {
  it('loads the file as a player would, outside the page', () => {
    const { element, stop } = startLoadingAhead();
    expect(element).toBeInstanceOf(HTMLVideoElement);
    expect(element.isConnected).toBe(false);
    expect(element.preload).toBe('metadata');
    expect(element.crossOrigin).toBe('anonymous');
    expect(element.getAttribute('src')).toBe(FILE);
    stop();
  });

  it('keeps a player of the same file waiting until its first bytes have come', async () => {
    const { element, stop } = startLoadingAhead();
    const waiting = loadedAhead([FILE, null]);
    expect(await settled(waiting)).toBe(false);
    element.dispatchEvent(new Event('progress'));
    expect(await settled(waiting)).toBe(true);
    stop();
  });

  it('keeps no player of another file waiting', async () => {
    const { stop } = startLoadingAhead();
    expect(await settled(loadedAhead(['/storage/v1/object/sign/course/lessons/other.mp4?token=t']))).toBe(
      true,
    );
    stop();
  });

  it('lets go of the file at once when the page opens another one', async () => {
    const { element, letGo } = startLoadingAhead();
    playerOpening('/storage/v1/object/sign/course/lessons/other.mp4?token=t');
    expect(letGo).toHaveBeenCalledOnce();
    expect(element.hasAttribute('src')).toBe(false);
    expect(await settled(loadedAhead([FILE]))).toBe(true);
  });

  it('lets go of the file once the player that opened it has its own metadata', () => {
    const { element, letGo } = startLoadingAhead();
    const player = playerOpening(FILE);
    expect(letGo).not.toHaveBeenCalled();
    player.dispatchEvent(new Event('loadedmetadata'));
    player.dispatchEvent(new Event('emptied'));
    expect(letGo).toHaveBeenCalledOnce();
    expect(element.hasAttribute('src')).toBe(false);
  });

  it('starts nothing on a page whose video has a file already', async () => {
    pageVideo('/storage/v1/object/sign/course/lessons/other.mp4?token=t');
    const created = vi.spyOn(document, 'createElement');
    loadAhead(FILE)();
    expect(created).not.toHaveBeenCalled();
    expect(await settled(loadedAhead([FILE]))).toBe(true);
  });

  it('gives up on a file that fails, and keeps no player waiting for it', async () => {
    const { element, letGo } = startLoadingAhead();
    element.dispatchEvent(new Event('error'));
    expect(letGo).toHaveBeenCalledOnce();
    expect(await settled(loadedAhead([FILE]))).toBe(true);
  });

  it('keeps a player waiting 15 s at most', async () => {
    vi.useFakeTimers();
    const { stop } = startLoadingAhead();
    let done = false;
    void loadedAhead([FILE]).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    stop();
  });
});
