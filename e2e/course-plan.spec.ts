import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/** The questionnaire's answers as its store keeps them on the device. */
const stored = {
  step: 5,
  answers: {
    ageGroup: '25-35',
    worries: ['AI taking over jobs'],
    dream: 'Astronaut',
    strengths: ['Leadership'],
    name: 'Alex',
    email: 'alex@example.com',
  },
};

/** Puts the answers where the questionnaire's store keeps them, before any of the page's scripts run. */
async function answerOnThisDevice(page: Page) {
  await page.addInitScript((value) => {
    window.localStorage.setItem('three-lenses.signup.v2', value);
  }, JSON.stringify(stored));
}

/** Each prompt of the plan, with an answer of a realistic length. */
const written = {
  'Which trend could change your work most in the next five years?':
    'AI assistants writing first drafts of the reports I spend my Mondays on, and clients expecting answers the same day.',
  'What is one task in your work that will change first?': 'The weekly status report.',
  'Which strength do people thank you for?': 'Keeping a team calm when a deadline slips.',
  'Which strength would you like to use more?': 'Leading the planning, not only the delivery.',
  'What did that childhood dream give you that you still want?': 'Wonder, and the feeling of exploring.',
  'What would a small version of it look like this year?': 'Volunteer at the planetarium on two Saturdays.',
  'What is one small thing you will do in the next seven days?':
    'E-mail the planetarium and ask about volunteering.',
};

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the learner's plan at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('shows the answers, keeps what is written after a reload, is axe clean and prints on one A4 page', async ({
      page,
    }) => {
      test.slow();
      await answerOnThisDevice(page);
      await page.goto('/course/plan');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My three-lenses plan');
      // The answers are read from the device once React has taken the page over: then fields keep what is typed.
      await expect(page.getByText('Your childhood dream: “Astronaut”')).toBeVisible();
      await expect(page.getByText('You worry about: AI taking over jobs')).toBeVisible();
      await expect(page.getByText('Your strengths: Leadership')).toBeVisible();
      await expect(page.getByText(/^Alex's plan, /)).toBeVisible();

      for (const [prompt, answer] of Object.entries(written)) await page.getByLabel(prompt).fill(answer);
      await page.reload();
      await expect(page.getByText('Your childhood dream: “Astronaut”')).toBeVisible();
      for (const [prompt, answer] of Object.entries(written))
        await expect(page.getByLabel(prompt)).toHaveValue(answer);

      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations).toEqual([]);

      const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4' })));
      const { totalPages, text } = await extractText(pdf, { mergePages: true });
      expect(totalPages).toBe(1);
      expect(text).toContain('Astronaut');
      expect(text).toContain('E-mail the planetarium');
      // On paper: the plan alone, without the page's navigation, buttons or footer.
      expect(text).not.toContain('Print or save as PDF');
      expect(text).not.toContain('Back to the course');
    });
  });
}

test('without answers on the device, each lens says so and links to the questions; the prompts still work', async ({
  page,
}) => {
  await page.goto('/course/plan');
  await expect(page.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', '/course');
  const links = page.getByRole('link', { name: 'Answer the questions' });
  await expect(links).toHaveCount(3);
  await expect(links.first()).toHaveAttribute('href', '/');
  await expect(page.getByText("Your worries aren't on this device yet, and that's fine.")).toBeVisible();
  // Once hydrated, the subtitle shows today's date: then the fields are React's.
  await expect(page.getByText(/\d{4}$/)).toBeVisible();
  const field = page.getByLabel('What is one small thing you will do in the next seven days?');
  await field.fill('Answer the questions');
  await page.reload();
  await expect(field).toHaveValue('Answer the questions');
});

test('the prerendered plan has its own title and noindex at its clean URL', async ({ request }) => {
  for (const address of ['/course/plan', '/course/plan.html']) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>My three-lenses plan | Three Lenses</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('My three-lenses plan');
  }
});
