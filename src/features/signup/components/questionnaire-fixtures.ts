/** What the questionnaire's tests share: a send-email endpoint of their making, and the walk through the steps. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { STORAGE_KEY, questionnaireStore } from '@/shared/questionnaire/questionnaire-store';

let releaseHeld: (() => void) | undefined;

export function answerSendEmail(status: number) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json(status === 200 ? { ok: true } : { error: 'x' }, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function holdSendEmail() {
  const fetchMock = vi.fn<typeof fetch>(
    () =>
      new Promise<Response>((resolve) => {
        releaseHeld = () => resolve(Response.json({ ok: true }));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export async function sentBody(fetchMock: ReturnType<typeof answerSendEmail>): Promise<unknown> {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  if (input === undefined) throw new Error('nothing was sent');
  const request = new Request(input, init);
  expect(new URL(request.url).pathname).toBe('/functions/v1/send-email');
  return request.json();
}

/** A fresh copy of the modules over what localStorage holds (or is given): what a reload of the tab does. */
export async function reloadWith(stored?: unknown) {
  if (stored !== undefined) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  vi.resetModules();
  return import('./questionnaire');
}

export const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
export const back = () => fireEvent.click(screen.getByRole('button', { name: 'Back' }));
export const heading = () => screen.getByRole('heading', { level: 3 });
export const progress = () => screen.getByRole('progressbar', { name: 'Sign-up progress' });

/** Walks from step 1 to step 5 answering what the rules require. */
export function goToContactStep() {
  next();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Burnout' }));
  next();
  fireEvent.change(screen.getByRole('textbox', { name: 'What did you dream of becoming as a child?' }), {
    target: { value: 'Astronaut' },
  });
  next();
  fireEvent.click(screen.getByRole('radio', { name: '25–44' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Strategy' }));
  next();
}

export function fillContact(name = 'Ada Lovelace', email = 'ada@example.com') {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Your email' }), { target: { value: email } });
}

/** Answers the send that holdSendEmail holds, as the server would have. */
export async function releaseHeldSend() {
  const release = releaseHeld;
  releaseHeld = undefined;
  await act(async () => release?.());
}

/** Each test starts with nothing stored and the store at step 1, and ends with any held send answered. */
export function withFreshQuestionnaire() {
  beforeEach(() => {
    window.localStorage.clear();
    act(() => questionnaireStore.dispatch({ type: 'startOver' }));
  });

  afterEach(async () => {
    if (releaseHeld) await releaseHeldSend();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
