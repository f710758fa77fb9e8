import { expect, test } from '@playwright/test';
import { waitForMail, watchLinkOf } from './course-helpers';
import { answerUpToContact, copy, fillContact, openHome, signupSection } from './signup-helpers';
import { OWNER, openSection, serverOfItsOwn, signInAsOwner } from './studio-helpers';

// The owner words the course e-mail in the studio's E-mails section, on a server of its own (OWNER_EMAIL names
// her), so her words never reach the other specs' e-mails: a misspelt placeholder is refused, a test reaches her
// alone, and once she publishes, the next visitor's course e-mail in the file mailbox carries her subject.
const VISITOR = 'grace@example.com';

const server = serverOfItsOwn('studio-emails');

const mailOf = (address: string, count: number) => waitForMail(address, count, server.mailFolder);

test('the owner rewrites the course e-mail’s subject, tests it, publishes: the next sign-up’s e-mail carries it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOwner(page, server);
  await openSection(page, 'E-mails');
  const form = page.getByRole('form', { name: 'Your e-mail’s words' });
  const subject = form.getByRole('textbox', { name: 'Subject' });

  await test.step('a placeholder the course e-mail does not fill is refused, named', async () => {
    await subject.fill('Your course, {lesson}');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(
      form.getByText('“Subject” may not use “{lesson}”: this e-mail fills in nothing in braces.'),
    ).toBeVisible();
  });

  await test.step('the preview shows her subject; a test reaches her own mailbox, marked', async () => {
    await subject.fill('Grace, your plan starts here');
    await expect(page.getByText('Grace, your plan starts here', { exact: true })).toBeVisible();
    const preview = page.frameLocator('iframe[title="Preview of the course e-mail"]');
    await expect(preview.getByText('Watch the course').first()).toBeVisible();
    await form.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: `Test sent to ${OWNER}, in the words of your draft. Its link and code are samples.`,
      }),
    ).toBeVisible();
    const [, test] = await mailOf(OWNER, 2);
    expect(test?.subject).toBe('[Test] Grace, your plan starts here');
  });

  await test.step('she publishes; a visitor signs up and gets the course e-mail in her words', async () => {
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Published. The next e-mails carry your words.' }),
    ).toBeVisible();
    const visitor = await browser.newPage();
    await openHome(visitor, server.baseUrl);
    const signup = signupSection(visitor);
    await answerUpToContact(signup);
    await fillContact(signup, 'Grace Hopper', VISITOR);
    await signup.getByRole('button', { name: copy.submit }).click();
    await expect(signup.getByRole('status')).toHaveText(copy.sent);
    const [mail] = await mailOf(VISITOR, 1);
    expect(mail?.subject).toBe('Grace, your plan starts here');
    expect(watchLinkOf(mail)).toMatch(/\/course\?token_hash=/);
    await visitor.close();
  });
});
