/** The studio's steps the specs share: the owner's sign-in with her e-mail's link, and a section opened. */
import { expect, type Page } from '@playwright/test';
import { sendSignInCode, waitForMail } from './course-helpers';

/**
 * Signs the owner in at /studio as a person does: types the address once, then opens her e-mail's button (an
 * owner's e-mail, to the studio) and taps once. `mailFolder` is the spec's server's DATA_DIR/mail.
 */
export async function signInAsOwner(
  page: Page,
  server: { baseUrl: string; owner: string; mailFolder: string },
) {
  const { baseUrl, owner, mailFolder } = server;
  await page.goto(`${baseUrl}/studio`);
  const signIn = page.getByRole('region', { name: 'Sign in to the studio' });
  await sendSignInCode(page, owner);
  await expect(signIn.getByText(`If ${owner} signed up`)).toBeVisible();
  const [mail] = await waitForMail(owner, 1, mailFolder);
  expect(mail?.subject).toBe('Sign in to your studio');
  expect(mail?.text).toMatch(/^Hi there,/);
  const link = /^Open your studio: (\S+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
  expect(new URL(link).pathname).toBe('/studio');
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue to your studio' }).click();
  await expect(page.getByText(`Signed in as ${owner}`)).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
}

export async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}
