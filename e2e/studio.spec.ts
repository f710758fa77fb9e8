import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { solidPng } from '../server/test/test-images.ts';
import { EMBEDDED_ANON_KEY } from '../supabase/embedded-keys.ts';
import { openSignInLink, waitForMail, watchLinkOf } from './course-helpers';
import { carousel } from './guides-helpers';
import { answerUpToContact, copy, fillContact, openHome, signupSection } from './signup-helpers';
import { openSection, serverOfItsOwn, signInAsOwner } from './studio-helpers';

// The owner's studio, on a server of its own (OWNER_EMAIL names its first owner), so what the owner changes
// here never shows in the other specs, which share the server scripts/e2e.mjs started.
const LEARNER = 'lin@example.com';

const server = serverOfItsOwn('studio', {
  SIGNUP_LIMIT_PER_IP_PER_MINUTE: '1000',
  SIGNUP_LIMIT_PER_IP_PER_DAY: '1000000',
});

const mailOf = (address: string, count: number) => waitForMail(address, count, server.mailFolder);

test('the owner runs the course from the studio: at 1440 px guides, lessons and the funnel, at 375 px a learner erased', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const learner = await browser.newPage();

  await test.step('a learner signs up and opens the course with the e-mailed link; the studio is not theirs', async () => {
    const answer = await page.request.post(`${server.baseUrl}/functions/v1/send-email`, {
      headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
      data: { name: 'Lin', email: LEARNER },
    });
    expect(answer.ok()).toBe(true);
    await openSignInLink(learner, watchLinkOf((await mailOf(LEARNER, 1))[0]));
    await expect(learner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await learner.goto(`${server.baseUrl}/studio`);
    await expect(learner.getByRole('heading', { name: "This is for the course's owner" })).toBeVisible();
    await expect(learner.getByRole('navigation', { name: 'Studio sections' })).toBeHidden();
    // Nor are the owner's jobs: each refuses the learner's own session, whatever the page shows.
    const refusals = await learner.evaluate(async (anonKey) => {
      const stored = Object.keys(localStorage).find((key) => /^sb-.*-auth-token$/.test(key)) ?? '';
      const { access_token: token } = JSON.parse(localStorage.getItem(stored) ?? '{}') as {
        access_token: string;
      };
      const headers = {
        apikey: anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      };
      const call = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers, body: JSON.stringify(body) }).then((answer) => answer.status);
      return [
        await call('/rest/v1/rpc/studio_save_site_words', { words: { 'about.founderName': 'Lin' } }),
        await call('/rest/v1/rpc/studio_publish_site_words', {}),
        await call('/rest/v1/rpc/studio_restore_site_words', { version_id: 1 }),
        await call('/rest/v1/rpc/studio_launch_checklist', {}),
        await call('/rest/v1/rpc/studio_delete_lesson', { lesson_id: 1 }),
        await call('/functions/v1/send-email/test', { email: 'course' }),
      ];
    }, EMBEDDED_ANON_KEY);
    expect(refusals).toEqual([403, 403, 403, 403, 403, 403]);
  });

  await test.step("the owner signs in with her e-mail's link to the studio", async () => {
    await signInAsOwner(page, server);
  });

  await test.step('adds a guide with a picture, cropped as the card shows it, deletes another; the landing page follows', async () => {
    await openSection(page, 'Guides');
    const form = page.getByRole('form', { name: 'Add a guide' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Title or role' }).fill('Computer pioneer');
    await form.getByLabel('Picture (optional)').setInputFiles({
      name: 'grace.png',
      mimeType: 'image/png',
      buffer: solidPng(40, 30, [220, 90, 20]),
    });
    await expect(form.getByRole('img', { name: /Grace Hopper/ })).toBeVisible();
    await form.getByRole('button', { name: 'Add the guide' }).click();
    await expect(page.getByText(/^Added Grace Hopper\./)).toBeVisible();
    await page.getByRole('button', { name: 'Delete Tom Osei' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Tom Osei for good?' })
      .getByRole('button', { name: 'Delete the guide' })
      .click();
    await expect(page.getByText('Deleted Tom Osei. The landing page no longer shows them.')).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto(server.baseUrl);
    await carousel(visitor).scrollIntoViewIfNeeded();
    await expect(carousel(visitor).getByText('Grace Hopper')).toBeVisible();
    await expect(carousel(visitor).getByText('Tom Osei')).toHaveCount(0);
    await visitor.close();
  });

  await test.step('rewrites the headline and her name, previews, publishes: the served page carries them', async () => {
    await openSection(page, 'Site');
    const form = page.getByRole('form', { name: 'Your words' });
    await form.getByRole('textbox', { name: 'Headline', exact: true }).fill('x'.repeat(500));
    await form.getByRole('textbox', { name: 'Partners link’s address' }).fill('javascript:alert(1)');
    await form.getByRole('textbox', { name: 'Your name' }).fill('');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Fix the fields marked below' })).toBeVisible();
    await expect(
      form.getByText('A headline of more than 60 characters does not fit the first screen of a phone'),
    ).toBeVisible();
    await expect(form.getByText('“Your name” may not be empty.')).toBeVisible();
    await expect(form.getByText('Use an address that starts with https://, mailto: or /')).toBeVisible();

    // An iPhone photo is refused with its own message, and nothing is uploaded.
    const photo = form.getByLabel('Your photo', { exact: true });
    await photo.setInputFiles({
      name: 'me.heic',
      mimeType: 'image/heic',
      buffer: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheicmif1heic')]),
    });
    await expect(form.getByText(/This is an iPhone HEIC photo/)).toBeVisible();
    await photo.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(48, 56, [30, 90, 200]),
    });
    await expect(form.getByText('Uploaded. Visitors see it once you publish.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Headline', exact: true }).fill('What will you do, Sam?');
    await form.getByRole('textbox', { name: 'Partners link’s address' }).fill('mailto:schools@example.com');
    await form.getByRole('textbox', { name: 'Your name' }).fill('Sam Rivera');
    await form.getByRole('textbox', { name: 'Guides’ heading', exact: true }).fill('People Sam trusts');
    await form.getByRole('textbox', { name: 'How to reach you about it' }).fill('privacy@example.com');
    await form
      .getByRole('textbox', { name: 'Your photo, described for screen readers' })
      .fill('Sam Rivera, smiling');
    await expect(page.getByRole('heading', { level: 1, name: 'What will you do, Sam?' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Sam Rivera, smiling' })).toHaveAttribute(
      'src',
      /^\/storage\/v1\/object\/public\/guides\/[0-9a-f]{32}\.png$/,
    );
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();

    // The page as a crawler or a phone without JavaScript gets it: prerendered again, in her words.
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${server.baseUrl}/`)).text()).includes('What will you do, Sam?'),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const raw = await (await page.request.get(`${server.baseUrl}/`)).text();
    expect(raw).toContain('Sam Rivera');
    expect(raw).toContain('href="mailto:schools@example.com"');
    expect(raw).toContain('People Sam trusts</h2>');
    // The privacy page, which only its own chunk renders, carries her contact in its HTML too.
    const privacy = await (await page.request.get(`${server.baseUrl}/privacy`)).text();
    expect(privacy).toMatch(/<a href="mailto:privacy@example.com"[^>]*>privacy@example.com<\/a>/);
    const photoSrc =
      /<img src="(\/storage\/v1\/object\/public\/guides\/[0-9a-f]{32}\.png)" alt="Sam Rivera, smiling"/.exec(
        raw,
      )?.[1];
    expect(photoSrc).toBeDefined();

    const visitor = await browser.newPage();
    const errors: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await openHome(visitor, server.baseUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: 'What will you do, Sam?' })).toBeVisible();
    await visitor.getByRole('switch', { name: 'Clean version' }).click();
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'What should I do for a living?' }),
    ).toBeVisible();
    await expect(visitor.getByText('Sam Rivera')).toBeVisible();
    const shownPhoto = visitor.getByRole('img', { name: 'Sam Rivera, smiling' });
    await shownPhoto.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shownPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(48);
    await visitor.goto(`${server.baseUrl}/privacy`);
    await expect(visitor.getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute(
      'href',
      'mailto:privacy@example.com',
    );
    expect(errors).toEqual([]);

    const served = async () =>
      (await (await visitor.request.get(`${server.baseUrl}/`)).text()).includes('Sam R.');
    await form.getByRole('textbox', { name: 'Your name' }).fill('Sam R.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await expect.poll(served, { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page
      .getByRole('dialog', { name: 'Publish version 1 again?' })
      .getByRole('button', { name: 'Publish it again' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Version 1 is published again.' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue('Sam Rivera');
    await expect.poll(served, { timeout: 15_000 }).toBe(false);
    expect(await (await visitor.request.get(`${server.baseUrl}/`)).text()).toContain('Sam Rivera');
    await visitor.close();
  });

  await test.step('gives the teaser her video and captions: a visitor plays them from the public bucket', async () => {
    const form = page.getByRole('form', { name: 'Your words' });
    await form
      .getByLabel('Teaser video')
      .setInputFiles('supabase/storage/course/lessons/the-dreams-lens.mp4');
    await expect(form.getByText('Your video')).toBeVisible();
    const srt = path.join(server.dataDir, 'teaser.srt');
    await writeFile(srt, '1\r\n00:00:00,000 --> 00:00:05,000\r\nMy own teaser.\r\n');
    await form.getByLabel('Teaser captions').setInputFiles(srt);
    await expect(form.getByText('Your captions')).toBeVisible();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    const servedTeaser = async () =>
      /<source src="\/storage\/v1\/object\/public\/teaser\/video-[0-9a-z]+-[0-9a-z]+\.mp4"/.test(
        await (await page.request.get(`${server.baseUrl}/`)).text(),
      );
    await expect.poll(servedTeaser, { timeout: 15_000 }).toBe(true);

    const visitor = await browser.newPage();
    await visitor.goto(server.baseUrl);
    const video = visitor.getByLabel('Course teaser');
    await visitor.getByRole('button', { name: 'Play Teaser 30 seconds' }).click();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0.3);
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      /\/storage\/v1\/object\/public\/teaser\/video-/,
    );
    await expect
      .poll(() =>
        video.evaluate(
          (element: HTMLVideoElement) =>
            (element.textTracks[0]?.cues?.[0] as VTTCue | undefined)?.text ?? null,
        ),
      )
      .toBe('My own teaser.');
    await visitor.close();
  });

  await test.step('uploads a video with SubRip captions and a poster from its frames, previews the draft, publishes it', async () => {
    await openSection(page, 'Lessons');
    await page.getByRole('button', { name: 'Add a lesson' }).click();
    const form = page.getByRole('form', { name: 'Add a lesson' });
    await form.getByLabel('Title').fill('Your first small step');
    await form
      .getByLabel('Video (MP4 or WebM)')
      .setInputFiles('supabase/storage/course/lessons/the-dreams-lens.mp4');
    await expect(form.getByText(/^Length: 0:\d\d$/)).toBeVisible();
    // The frames are pictures with a label; the radio inside each is for screen readers and the keyboard.
    await form.getByText('Frame 2', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Frame 2' })).toBeChecked();
    const srt = path.join(server.dataDir, 'captions.srt');
    await writeFile(srt, '1\r\n00:00:01,000 --> 00:00:03,000\r\nStart where you are.\r\n');
    await form.getByLabel(/^Captions/).setInputFiles(srt);
    await expect(form.getByText('SubRip captions converted to WebVTT.')).toBeVisible();
    await form.getByRole('button', { name: 'Upload and save as a draft' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Added “Your first small step” as a draft' }),
    ).toBeVisible();

    const lesson = page.getByRole('listitem').filter({ hasText: 'Your first small step' });
    await expect(lesson.getByText(/streaming versions|Ready to stream on slow connections/)).toBeVisible();
    await lesson.getByRole('button', { name: 'Preview as a learner' }).click();
    const video = lesson.locator('video');
    await expect
      .poll(() => video.evaluate((player: HTMLVideoElement) => player.readyState))
      .toBeGreaterThan(0);
    await expect
      .poll(() => video.evaluate((player: HTMLVideoElement) => player.textTracks[0]?.cues?.length ?? 0))
      .toBe(1);
    await learner.goto(`${server.baseUrl}/course`);
    await expect(learner.getByRole('link', { name: 'Why plan with three lenses' })).toBeVisible();
    await expect(learner.getByText('Your first small step')).toBeHidden();

    await lesson.getByRole('button', { name: 'Publish' }).click();
    await expect(lesson.getByText('Published', { exact: true })).toBeVisible();
    await learner.goto(`${server.baseUrl}/course`);
    await expect(learner.getByRole('link', { name: 'Your first small step' })).toBeVisible();

    // It is in /course's own HTML too, before any script runs: the server renders the page again.
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await withoutScripts.newPage();
    await expect(async () => {
      await visitor.goto(`${server.baseUrl}/course`);
      await expect(visitor.getByText('Your first small step').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await withoutScripts.close();
  });

  await test.step('makes the new lesson the free preview instead of the first, told first what visitors lose', async () => {
    const first = page.getByRole('listitem').filter({ hasText: 'Why plan with three lenses' });
    await first.getByRole('button', { name: 'Edit “Why plan with three lenses”' }).click();
    await first.getByRole('checkbox', { name: /^Free preview/ }).uncheck();
    await first.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'No free preview will be left' });
    await expect(dialog).toContainText('visitors no longer get “Start lesson 1 now” after signing up');
    await dialog.getByRole('button', { name: 'Go ahead' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved “Why plan with three lenses”.' }),
    ).toBeVisible();

    const lesson = page.getByRole('listitem').filter({ hasText: 'Your first small step' });
    await lesson.getByRole('button', { name: 'Edit “Your first small step”' }).click();
    await lesson.getByRole('checkbox', { name: /^Free preview/ }).check();
    await lesson.getByRole('checkbox', { name: 'Career change' }).check();
    await lesson.getByRole('button', { name: 'Save' }).click();
    await expect(lesson.getByText('Free preview', { exact: true })).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/course`);
    await visitor.getByRole('button', { name: /^Watch lesson \d+ now, free$/ }).click();
    await expect(visitor.getByText('Your first small step').first()).toBeVisible();
    await expect
      .poll(() => visitor.locator('video').evaluate((player: HTMLVideoElement) => player.readyState))
      .toBeGreaterThan(0);
    await visitor.close();
  });

  await test.step("replaces a lesson's video and captions; a learner gets the new ones", async () => {
    const lesson = page.getByRole('listitem').filter({ hasText: 'Lens two: strengths' });
    await lesson.getByRole('button', { name: 'Edit “Lens two: strengths”' }).click();
    await lesson
      .getByLabel('New video (MP4 or WebM)')
      .setInputFiles('supabase/storage/course/lessons/the-dreams-lens.mp4');
    await expect(lesson.getByText(/^Length: 0:\d\d$/)).toBeVisible();
    const vtt = path.join(server.dataDir, 'new-captions.vtt');
    await writeFile(vtt, 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nA new start.\n');
    await lesson.getByLabel(/^New captions/).setInputFiles(vtt);
    await expect(lesson.getByText('Captions ready.')).toBeVisible();
    await lesson.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved “Lens two: strengths”.' })).toBeVisible();
    await expect(lesson.getByText(/streaming versions|Ready to stream on slow connections/)).toBeVisible();

    await learner.goto(`${server.baseUrl}/course?lesson=the-strengths-lens`);
    await expect
      .poll(() =>
        learner
          .locator('video')
          .evaluate(
            (player: HTMLVideoElement) => (player.textTracks[0]?.cues?.[0] as VTTCue | undefined)?.text,
          ),
      )
      .toBe('A new start.');
  });

  await test.step('deletes a lesson, told first what goes; it leaves the course and its outline', async () => {
    const doomed = page.getByRole('listitem').filter({ hasText: 'Lens three: dreams' });
    await doomed.getByRole('button', { name: 'Delete “Lens three: dreams”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Lens three: dreams” for good?' });
    await expect(dialog).toContainText('every learner’s progress in it');
    await dialog.getByRole('button', { name: 'Delete the lesson' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Deleted “Lens three: dreams”. The lessons after it moved up.' }),
    ).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Your first small step' })).toContainText(
      'Lesson 5 of 5',
    );

    await learner.goto(`${server.baseUrl}/course`);
    await expect(learner.getByRole('link', { name: 'Lens two: strengths' })).toBeVisible();
    await expect(learner.getByText('Lens three: dreams')).toHaveCount(0);
    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/course`);
    await expect(visitor.getByText('Lens two: strengths')).toBeVisible();
    await expect(visitor.getByText('Lens three: dreams')).toHaveCount(0);
    await visitor.close();
  });

  await test.step('a visitor signs up: the success panel plays the new free preview', async () => {
    const visitor = await browser.newPage();
    // What went wrong, should the preview not load: the failure then says it.
    const trouble: string[] = [];
    visitor.on('requestfailed', (sent) => trouble.push(`${sent.failure()?.errorText} ${sent.url()}`));
    visitor.on('response', (answer) => {
      if (answer.status() >= 400) trouble.push(`${answer.status()} ${answer.url()}`);
    });
    visitor.on('console', (message) => {
      if (message.type() === 'error') trouble.push(message.text());
    });
    await openHome(visitor, server.baseUrl);
    const form = signupSection(visitor);
    await answerUpToContact(form);
    await fillContact(form, 'Ada', 'ada@example.com');
    await form.getByRole('button', { name: copy.submit }).click();
    await form.getByRole('button', { name: 'Start lesson 5 now' }).click();
    await expect(form.getByRole('heading', { level: 4, name: 'Your first small step' })).toBeFocused();
    await expect(async () => {
      const players = await form
        .locator('video')
        .evaluateAll((videos) =>
          (videos as HTMLVideoElement[]).map(
            (video) => `ready ${video.readyState}, network ${video.networkState}, error ${video.error?.code}`,
          ),
        );
      expect(players, trouble.join('\n') || 'no failed request, no console error').toEqual([
        expect.stringMatching(/^ready [1-4],/),
      ]);
    }).toPass({ timeout: 20_000 });
    await visitor.close();
  });

  await test.step('the funnel shows the journey just made', async () => {
    await openSection(page, 'Overview');
    const funnel = page.getByRole('region', { name: 'From visit to finished course' });
    // Lin by request, Ada on the landing page; only Lin opened the course.
    await expect(funnel.getByText(/^Opened the course\s*1$/)).toBeVisible();
    await expect(funnel.getByText('50% of the 2 new sign-ups')).toBeVisible();
    // Below it, the owner's own sign-in, made with her e-mail's link.
    const signIns = page.getByRole('region', { name: 'Your last sign-ins' });
    await expect(signIns.getByRole('listitem').first()).toContainText('UTC, with the e-mail’s link');
  });

  await test.step('at 375 px, finds the learner and erases them', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, 'Learners');
    await page.getByRole('searchbox', { name: 'Search by address or name' }).fill('lin@');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Erase ${LEARNER}` }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${LEARNER}?` });
    await dialog.getByRole('textbox', { name: 'Type the address to confirm' }).fill(LEARNER);
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Erased ${LEARNER}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Erase ${LEARNER}` })).toBeHidden();
  });
});
