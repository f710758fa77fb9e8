// Taps on the prerendered page before React has taken it over: each `[data-intent]` control tapped is shown as
// pressed and its intent kept, until the component that owns the control claims it once hydrated. Loaded with
// the page's first script, so it holds no React.

const pending = new Map<string, HTMLElement>();

function intentControl(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-intent]') : null;
}

/** A control that starts a video names it in `data-intent-media`: Safari plays sound only from within a tap. */
function startMedia(control: HTMLElement) {
  const id = control.dataset.intentMedia;
  const media = id ? document.getElementById(id) : null;
  // The owner plays it again when it claims the tap, and reports a failure then.
  if (media instanceof HTMLMediaElement) media.play().catch(() => undefined);
}

/** Shows `control` as pressed and keeps its intent for the app, once per intent. */
function keep(control: HTMLElement) {
  const intent = control.dataset.intent;
  if (!intent || pending.has(intent)) return;
  pending.set(intent, control);
  control.setAttribute('data-pending', '');
  startMedia(control);
}

function record(event: MouseEvent) {
  const control = intentControl(event.target);
  if (!control) return;
  // The app will carry the tap out; a link must not also navigate meanwhile.
  event.preventDefault();
  keep(control);
}

/** Pointer events that begin a tap; a first key press is left out, as its key is not known. */
const TAP_STARTS = new Set(['pointerdown', 'mousedown', 'click']);

let firstInputObserver: PerformanceObserver | undefined;

/**
 * A tap that came before this script ran, between the first paint and the script's arrival, has no listener to
 * hear it; the browser's Event Timing still keeps the page's first input with its target, so it is kept as well.
 */
function keepTapBeforeScript(recordingSince: number) {
  if (!PerformanceObserver.supportedEntryTypes.includes('first-input')) return;
  firstInputObserver = new PerformanceObserver((entries) => {
    stopObservingFirstInput();
    for (const entry of entries.getEntries()) {
      if (!(entry instanceof PerformanceEventTiming) || !TAP_STARTS.has(entry.name)) continue;
      // A tap that began after the listener was added is the listener's to keep.
      if (entry.startTime >= recordingSince) continue;
      const control = intentControl(entry.target);
      if (control) keep(control);
    }
  });
  firstInputObserver.observe({ type: 'first-input', buffered: true });
}

function stopObservingFirstInput() {
  firstInputObserver?.disconnect();
  firstInputObserver = undefined;
}

/** Starts keeping taps, including one made before it ran; called by the page's first script. */
export function recordEarlyIntents() {
  document.addEventListener('click', record, { capture: true });
  keepTapBeforeScript(performance.now());
}

/** React is about to hear the page's events itself (hydrateRoot replays a click on a part not yet hydrated). */
export function stopRecordingEarlyIntents() {
  document.removeEventListener('click', record, { capture: true });
  stopObservingFirstInput();
}

/** The tapped control of `intent`, once: the caller carries the tap out. */
export function claimEarlyIntent(intent: string): HTMLElement | undefined {
  const control = pending.get(intent);
  if (!control) return undefined;
  pending.delete(intent);
  control.removeAttribute('data-pending');
  return control;
}

/** The app did not load: the pressed marks go, and a tapped link is followed after all. */
export function abandonEarlyIntents() {
  stopRecordingEarlyIntents();
  const controls = [...pending.values()];
  pending.clear();
  for (const control of controls) control.removeAttribute('data-pending');
  const link = controls.find((control) => control instanceof HTMLAnchorElement);
  if (link) window.location.assign(link.href);
}

function activateLinkButton(event: KeyboardEvent) {
  const target = event.target;
  if (event.key !== ' ' || event.repeat || !(target instanceof HTMLAnchorElement)) return;
  if (target.getAttribute('role') !== 'button') return;
  event.preventDefault();
  target.click();
}

/**
 * A link that works without script but acts as a button once the app runs (`<a href role="button">`) answers
 * Space as a button does, before and after hydration.
 */
export function letSpaceActivateLinkButtons() {
  document.addEventListener('keydown', activateLinkButton);
}
