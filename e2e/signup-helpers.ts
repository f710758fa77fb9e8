/** Shared steps of the sign-up journeys (e2e/signup-*.spec.ts). */
import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';

export const SEND_EMAIL = '**/functions/v1/send-email';
export const STORAGE_KEY = 'three-lenses.signup.v2';

export const copy = {
  submit: 'Show Me My Free Course',
  sending: 'Sending...',
  sent: "You're in! Check your inbox for access.",
  sendFailed: "We couldn't send the email. Please try again.",
  strengthsMissing: 'Please pick at least one strength.',
  pickAtLeastOne: 'Please pick at least one.',
  pickToContinue: 'Pick at least one strength to continue.',
  /** The same, while no age group is chosen yet. */
  pickAgeThenStrength: 'Choose your age group first. Pick at least one strength to continue.',
  counter: (n: number) => `Selected ${n}/3. No wrong answers here, promise.`,
  titles: {
    1: "Let's make this course yours.",
    2: 'What worries you most about your future?',
    3: 'What did you dream of becoming as a child?',
    4: 'Tell us about you',
    5: 'Where should we send your course?',
  },
} as const;

/**
 * Opens the page (of the shared server, or of the one at `url`) and waits until React has hydrated the
 * questionnaire (before that, clicks do nothing).
 */
export async function openHome(page: Page, url = '/') {
  await page.goto(url);
  await page.waitForFunction(() => {
    const form = document.querySelector('#signup form');
    // React tags the DOM nodes it has taken over with a `__reactFiber$…` property.
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
  });
}

/** The inline questionnaire: the form inside the "Sign up (free)" section. */
export function signupSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Sign up (free)' });
}

export function signupDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Get instant access (free)' });
}

export function stepHeading(scope: Locator): Locator {
  return scope.getByRole('heading', { level: 3 });
}

export async function expectStep(scope: Locator, step: 1 | 2 | 3 | 4 | 5) {
  await expect(stepHeading(scope)).toHaveText(copy.titles[step]);
  const progress = scope.getByRole('progressbar', { name: 'Sign-up progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(step * 20));
  await expect(progress).toHaveAttribute('aria-valuetext', `Step ${step} of 5`);
  await expect(scope.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
}

export async function next(scope: Locator) {
  await scope.getByRole('button', { name: 'Next', exact: true }).click();
}

/** From step 1 to step 5, answering what the rules require, with the pointer. */
export async function answerUpToContact(scope: Locator) {
  await next(scope);
  await scope.getByRole('checkbox', { name: 'Staying relevant' }).check();
  await next(scope);
  await scope.getByRole('textbox', { name: copy.titles[3] }).fill('Marine biologist');
  await next(scope);
  await scope.getByRole('radio', { name: '25–44' }).check();
  await scope.getByRole('checkbox', { name: 'Data analysis' }).check();
  await next(scope);
  await expectStep(scope, 5);
}

export async function fillContact(scope: Locator, name = 'Ada Lovelace', email = 'ada@example.com') {
  await scope.getByRole('textbox', { name: 'Your name' }).fill(name);
  await scope.getByRole('textbox', { name: 'Your email' }).fill(email);
}

/** Every POST to send-email the page makes, as it makes them. */
export function recordSendEmailRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/functions/v1/send-email'))
      requests.push(request);
  });
  return requests;
}

/** Answers send-email only when `release` is called, so the test can look at the page while it waits. */
export async function holdSendEmail(page: Page, answer: (route: Route) => Promise<void>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SEND_EMAIL, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}

export const succeed = (route: Route) => route.fulfill({ json: { ok: true } });
export const fail = (route: Route) =>
  route.fulfill({ status: 500, json: { error: 'Something went wrong. Please try again later.' } });
