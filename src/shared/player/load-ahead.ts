/** Files being loaded ahead of their player, by address: each settles once its first bytes have come. */
const loading = new Map<string, Promise<void>>();

/** No player waits longer than this for a file loaded ahead: it then opens the file itself. */
const LONGEST_WAIT_MS = 15_000;

/** An address as a media element reports it (`currentSrc`): whole, resolved against the page's. */
const absolute = (address: string) => new URL(address, document.baseURI).href;

/**
 * Starts loading a video file as a player would (its index and first frames, `preload=metadata`), in an element of
 * its own, outside the page. Chromium keeps a page's media data by address and CORS mode (the player's is
 * `anonymous` too, ./captioned-video.tsx), so a player that opens the same address once the first bytes have come
 * reads on from that same download (`loadedAhead`); opened before, it would fetch the file a second time beside
 * it. (Its captions, which it waits for before it plays, come well before the file's first frames: a few hundred
 * bytes against tens of KB.) The element stops when a video of the page opens a file of its own: at once when that
 * file is another (the link is left to it), else once that video has its own metadata. Nothing starts on a page
 * whose video has a file already. Answers a function that stops it early.
 */
export function loadAhead(address: string): () => void {
  if ([...document.querySelectorAll('video')].some((video) => video.currentSrc !== '')) return () => {};
  const element = document.createElement('video');
  element.preload = 'metadata';
  element.crossOrigin = 'anonymous';
  element.muted = true;
  let settle = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  loading.set(address, settled);
  const listening = new AbortController();
  const stop = () => {
    listening.abort();
    settle();
    if (loading.get(address) === settled) loading.delete(address);
    element.removeAttribute('src');
    element.load();
  };
  const onPlayerLoading = (event: Event) => {
    const player = event.target;
    if (player === element || !(player instanceof HTMLMediaElement)) return;
    if (player.currentSrc !== absolute(address)) {
      stop();
      return;
    }
    document.removeEventListener('loadstart', onPlayerLoading, true);
    for (const done of ['loadedmetadata', 'error', 'emptied'])
      player.addEventListener(done, stop, { signal: listening.signal });
  };
  for (const started of ['progress', 'loadedmetadata'])
    element.addEventListener(started, settle, { signal: listening.signal });
  element.addEventListener('error', stop, { signal: listening.signal });
  document.addEventListener('loadstart', onPlayerLoading, { capture: true, signal: listening.signal });
  element.src = address;
  return stop;
}

/**
 * Resolves once none of `addresses` is still being loaded ahead without its first bytes (at once when none is),
 * or after the longest wait.
 */
export function loadedAhead(addresses: readonly (string | null)[]): Promise<void> {
  const pending = addresses.flatMap((address) => {
    const settled = address === null ? undefined : loading.get(address);
    return settled === undefined ? [] : [settled];
  });
  if (pending.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.all(pending),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LONGEST_WAIT_MS);
    }),
  ]).then(() => clearTimeout(timer));
}
