import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedInToken, testJwtKeys } from '../../../test/test-app.ts';
import { refusedTokens } from '../../../test/refused-tokens.ts';
import { appClient } from '../../../test/supabase-client.ts';
import { EMBEDDED_ANON_KEY } from '../../../../supabase/embedded-keys.ts';
import { ADA, adaToken, app, db, learner, openCourseBucket, signedUrl } from './course-bucket-kit.ts';

openCourseBucket();

describe('createSignedUrl on the private course bucket', () => {
  it('gives a signed-in learner a time-limited URL of the object, shaped as Supabase Storage makes it', async () => {
    const url = await signedUrl('lessons/welcome.mp4');
    expect(url).toMatch(
      /^http:\/\/localhost\/storage\/v1\/object\/sign\/course\/lessons\/welcome\.mp4\?token=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const token = new URL(url).searchParams.get('token') ?? '';
    const claims = await testJwtKeys.verify(token);
    expect(claims.url).toBe('course/lessons/welcome.mp4');
    expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
  });

  it('makes no URL that lasts more than an hour: a longer expiresIn is shortened to one', async () => {
    const lifetime = (url: string | undefined) => {
      const claims = decodeJwt(new URL(url ?? '').searchParams.get('token') ?? '');
      return Number(claims.exp) - Number(claims.iat);
    };
    const year = 365 * 24 * 60 * 60;
    const one = await learner().storage.from('course').createSignedUrl('lessons/welcome.mp4', year);
    expect(one.error).toBeNull();
    expect(lifetime(one.data?.signedUrl)).toBe(3600);
    const many = await learner().storage.from('course').createSignedUrls(['lessons/welcome.vtt'], year);
    expect(many.error).toBeNull();
    expect(lifetime(many.data?.[0]?.signedUrl ?? undefined)).toBe(3600);
    const hour = await learner().storage.from('course').createSignedUrl('lessons/welcome.mp4', 3600);
    expect(lifetime(hour.data?.signedUrl)).toBe(3600);
  });

  it('signs nothing for the access token of a session that has ended', async () => {
    const token = await signedInToken(db, ADA, 'ada@example.com');
    const signer = appClient(app, EMBEDDED_ANON_KEY, token).storage.from('course');
    expect((await signer.createSignedUrl('lessons/welcome.mp4', 60)).error).toBeNull();
    const logout = await app.request('/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    for (const request of [
      () => signer.createSignedUrl('lessons/welcome.mp4', 60),
      () => signer.createSignedUrls(['lessons/welcome.mp4'], 60),
    ]) {
      const { data, error } = await request();
      expect(data).toBeNull();
      expect(error).toMatchObject({
        message: 'Session from session_id claim in JWT does not exist',
        status: 401,
      });
    }
  });

  it('gives the service role a URL too', async () => {
    const service = appClient(app, await testJwtKeys.signServiceRoleKey());
    const { data, error } = await service.storage.from('course').createSignedUrl('lessons/welcome.vtt', 60);
    expect(error).toBeNull();
    expect(data?.signedUrl).toContain('/object/sign/course/lessons/welcome.vtt?token=');
  });

  it("signs for a learner only the files of published lessons; the owner's drafts and loose files are not there", async () => {
    for (const objectPath of ['lessons/draft.mp4', 'lessons/loose.mp4']) {
      const { data, error } = await learner().storage.from('course').createSignedUrl(objectPath, 60);
      expect(data).toBeNull();
      expect(error?.message).toBe('Object not found');
    }
    const service = appClient(app, await testJwtKeys.signServiceRoleKey());
    const { error } = await service.storage.from('course').createSignedUrl('lessons/draft.mp4', 60);
    expect(error).toBeNull();
  });

  it("lets anon sign the first published lesson's poster, the one course file a visitor may see", async () => {
    const { data, error } = await appClient(app, EMBEDDED_ANON_KEY)
      .storage.from('course')
      .createSignedUrl('lessons/welcome poster.webp', 60);
    expect(error).toBeNull();
    const response = await app.request(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it.each([
    'lessons/welcome.mp4',
    'lessons/welcome.vtt',
    'lessons/second.webp',
    'lessons/early-draft.webp',
    'lessons/draft.mp4',
    'lessons/loose.webp',
  ])('refuses anon %s: to a visitor who has not signed in the object is not there', async (objectPath) => {
    const { data, error } = await appClient(app, EMBEDDED_ANON_KEY)
      .storage.from('course')
      .createSignedUrl(objectPath, 60);
    expect(data).toBeNull();
    expect(error).toMatchObject({ message: 'Object not found', status: 404 });
  });

  it("refuses anon a lesson's video though the public outline names it: a path is not a right to read", async () => {
    const client = appClient(app, EMBEDDED_ANON_KEY);
    const { data: outline } = await client.from('course_outline').select('slug,video_path');
    expect(outline).toContainEqual({ slug: 'welcome', video_path: 'lessons/welcome.mp4' });
    const { data, error } = await client.storage.from('course').createSignedUrls(['lessons/welcome.mp4'], 60);
    expect(error).toBeNull();
    expect(data).toMatchObject([{ path: 'lessons/welcome.mp4', signedUrl: null }]);
  });

  it("signs a learner the later lessons' posters too", async () => {
    expect(await signedUrl('lessons/second.webp')).toContain(
      '/object/sign/course/lessons/second.webp?token=',
    );
    const { error } = await learner().storage.from('course').createSignedUrl('lessons/early-draft.webp', 60);
    expect(error?.message).toBe('Object not found');
  });

  it("answers every refused token with Storage's 401", async () => {
    for (const { label, token, message } of await refusedTokens(ADA)) {
      const response = await app.request('/storage/v1/object/sign/course/lessons/welcome.mp4', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: 60 }),
      });
      expect(response.status, label).toBe(401);
      expect(await response.json()).toEqual({ statusCode: '401', error: 'InvalidJWT', message });
    }
  });

  it.each([
    ['a missing object', 'lessons/nobody.mp4', 404],
    ['a folder', 'lessons', 404],
    ['a key that leaves the bucket', '..%2fguides%2fada.svg', 400],
    ['an encoded slash', 'lessons%2Fwelcome.mp4', 400],
  ])('refuses %s', async (_label, key, status) => {
    const response = await app.request(`/storage/v1/object/sign/course/${key}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ statusCode: String(status) });
  });

  it.each([[{}], [{ expiresIn: 0 }], [{ expiresIn: 1.5 }], [{ expiresIn: '60' }], ['not json']])(
    'refuses the request body %j',
    async (body) => {
      const response = await app.request('/storage/v1/object/sign/course/lessons/welcome.mp4', {
        method: 'POST',
        headers: { authorization: `Bearer ${adaToken}`, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'InvalidParameter' });
    },
  );

  it('signs only buckets it keeps private', async () => {
    const response = await app.request('/storage/v1/object/sign/guides/ada.svg', {
      method: 'POST',
      headers: { authorization: `Bearer ${adaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    expect(response.status).toBe(404);
  });

  it('answers "Object not found", not an error, while the course folder does not exist yet', async () => {
    const empty = await createTestApp(db, {
      storageFolder: await mkdtemp(path.join(os.tmpdir(), 'storage-')),
    });
    const { error } = await appClient(empty, EMBEDDED_ANON_KEY, adaToken)
      .storage.from('course')
      .createSignedUrl('lessons/welcome.mp4', 60);
    expect(error).toMatchObject({ message: 'Object not found', status: 404 });
  });
});

describe('no anonymous URL serves a course file', () => {
  it.each(['lessons/welcome.mp4', 'lessons/welcome.vtt'])('refuses the public URL of %s', async (key) => {
    const anonAndLearner: Array<Record<string, string>> = [{}, { authorization: `Bearer ${adaToken}` }];
    for (const headers of anonAndLearner) {
      const response = await app.request(`/storage/v1/object/public/course/${key}`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'Bucket not found' });
    }
  });

  it('refuses the authenticated object URL too: course files are read through signed URLs only', async () => {
    const response = await app.request('/storage/v1/object/authenticated/course/lessons/welcome.mp4', {
      headers: { authorization: `Bearer ${adaToken}` },
    });
    expect(response.status).toBe(404);
  });
});
