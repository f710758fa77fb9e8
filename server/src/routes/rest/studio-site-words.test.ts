// The site's words through REST as the studio's supabase-js calls them: the owner keeps a draft, publishes it as
// a version and restores an earlier one; bad words are refused whole; a learner and a visitor get nothing.
import { describe, expect, it } from 'vitest';
import { restCallers } from '../../../test/rest-callers.ts';
import { databaseKind } from '../../../test/test-database.ts';

const OWNER = '00000000-0000-4000-8000-0000000000d1';
const LEARNER = '00000000-0000-4000-8000-0000000000d2';

const rest = restCallers({ [OWNER]: 'Coach@Example.com', [LEARNER]: 'learner@example.com' });
const { as } = rest;

interface StudioWords {
  draft: Record<string, string>;
  published: Record<string, string>;
  versions: { id: number; published_by: string; restored_from: number | null }[];
}

const published = async () =>
  (await rest.db.query<{ words: unknown }>('select public.published_site_words() as words'))[0]?.words;

describe(`the site's words through REST (${databaseKind})`, () => {
  it('refuses a learner (403) and a visitor (401) every site words function, changing nothing', async () => {
    const calls = {
      studio_site_words: {},
      studio_save_site_words: { words: { 'hero.headlineProfane': 'Mine now' } },
      studio_publish_site_words: {},
      studio_restore_site_words: { version_id: 1 },
    };
    for (const [name, args] of Object.entries(calls)) {
      expect(await as(LEARNER).rpc(name, args), name).toMatchObject({ data: null, status: 403 });
      expect(await as().rpc(name, args), name).toMatchObject({ data: null, status: 401 });
    }
    expect(await published()).toEqual({});
    expect(await rest.db.query('select words from public.site_words_draft')).toEqual([{ words: {} }]);
  });

  it('keeps a draft apart from the page, publishes it as a version, and restores an earlier one', async () => {
    await rest.db.query(
      "insert into public.owners (email) values ('coach@example.com') on conflict do nothing",
    );
    const owner = as(OWNER);
    expect((await owner.rpc('studio_site_words')).data).toEqual({ draft: {}, published: {}, versions: [] });

    const first = { 'hero.headlineProfane': 'What now, for a living?', 'about.founderName': 'Sam Rivera' };
    const drafted = await owner.rpc('studio_save_site_words', { words: first });
    expect(drafted.data).toMatchObject({ draft: first, published: {}, versions: [] });
    expect(await published()).toEqual({});

    const one = (await owner.rpc('studio_publish_site_words')).data as StudioWords;
    expect(one).toMatchObject({ draft: first, published: first });
    expect(one.versions).toMatchObject([{ published_by: 'coach@example.com', restored_from: null }]);
    expect(await published()).toEqual(first);

    const second = { ...first, 'about.founderName': 'Sam R.' };
    await owner.rpc('studio_save_site_words', { words: second });
    const two = (await owner.rpc('studio_publish_site_words')).data as StudioWords;
    expect(await published()).toEqual(second);

    const firstId = one.versions[0]?.id;
    const restored = (await owner.rpc('studio_restore_site_words', { version_id: firstId }))
      .data as StudioWords;
    expect(restored).toMatchObject({ draft: first, published: first });
    expect(restored.versions.map((version) => version.restored_from)).toEqual([firstId, null, null]);
    expect(restored.versions[1]?.id).toBe(two.versions[0]?.id);
    expect(await published()).toEqual(first);

    expect(await owner.rpc('studio_restore_site_words', { version_id: 999999 })).toMatchObject({
      status: 400,
      error: { message: 'No published version 999999: reload the studio and try again.' },
    });
  });

  it('refuses bad words whole, saying what is wrong, and keeps the draft as it was', async () => {
    const owner = as(OWNER);
    const before = ((await owner.rpc('studio_site_words')).data as StudioWords).draft;
    const refusals: [Record<string, unknown>, string][] = [
      [{ 'hero.headlineClean': 'x'.repeat(500) }, 'hero.headlineClean is too long: at most 60 characters.'],
      [{ 'about.founderName': '   ' }, 'about.founderName may not be empty.'],
      [
        { 'footer.partnersHref': 'javascript:alert(1)' },
        'footer.partnersHref must start with https://, mailto: or / (a page of this site).',
      ],
      [
        { 'footer.partnersHref': '/\\evil.example' },
        'footer.partnersHref must start with https://, mailto: or / (a page of this site).',
      ],
      [
        { 'footer.partnersHref': 'http://example.com' },
        'footer.partnersHref must start with https://, mailto: or / (a page of this site).',
      ],
      [{ 'hero.body': 42 }, 'hero.body must be text.'],
      [{ 'teaser.caption': 'x'.repeat(201) }, 'teaser.caption is too long: at most 200 characters.'],
      [{ 'plan.trends1': ' ' }, 'plan.trends1 may not be empty.'],
      [{ 'nextStep.url': '' }, 'nextStep.url may not be empty.'],
      [
        { 'nextStep.url': 'javascript:alert(1)' },
        'nextStep.url must start with https://, mailto: or / (a page of this site).',
      ],
      [
        { 'about.photo': '../course/secret.mp4' },
        'about.photo must be a picture uploaded in the studio: choose the picture again.',
      ],
      [
        { 'page.shareImage': `${'a'.repeat(32)}.svg` },
        'page.shareImage must be a picture uploaded in the studio: choose the picture again.',
      ],
      [{ 'page.script': '<script>' }, 'There is no field page.script: reload the studio and try again.'],
    ];
    for (const [words, message] of refusals) {
      expect(await owner.rpc('studio_save_site_words', { words }), message).toMatchObject({
        status: 400,
        error: { message },
      });
    }
    expect(((await owner.rpc('studio_site_words')).data as StudioWords).draft).toEqual(before);

    const fine = {
      'footer.partnersHref': 'mailto:schools@example.com',
      'footer.partnersLabel': '',
      'hero.body': '<b>Plain</b> text, kept as typed.',
      'guides.title': 'Meet the people I trust',
      'privacy.controller': 'Sam Rivera\n1 High Street, Leeds',
      'privacy.contact': 'privacy@example.com',
      'nextStep.url': '/course/plan',
      'plan.dreams2': '',
      'about.photo': `${'a'.repeat(32)}.webp`,
      'teaser.poster': '',
    };
    expect((await owner.rpc('studio_save_site_words', { words: fine })).data).toMatchObject({ draft: fine });
    expect((await owner.rpc('studio_publish_site_words')).data).toMatchObject({ published: fine });
    expect(await published()).toEqual(fine);
  });
});
