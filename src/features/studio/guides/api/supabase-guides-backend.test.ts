// The real supabase-js client with the network replaced: the requests are what a browser sends.
import { describe, expect, it } from 'vitest';
import { answerWith, requests, withFakeNetwork } from '@/lib/fake-network';
import { GuidesRefusal } from '../model/guides-backend';
import { supabaseGuidesBackend } from './supabase-guides-backend';

withFakeNetwork();

const rows = [
  {
    id: 1,
    name: 'Amara',
    title: 'Strategist',
    quote: 'Trends first.',
    image_url: 'amara.png',
    is_active: true,
  },
  {
    id: 2,
    name: 'Helen',
    title: 'Retired',
    quote: null,
    image_url: 'https://cdn.test/h.webp',
    is_active: false,
  },
];

describe('supabaseGuidesBackend', () => {
  it('lists through studio_guides, each picture at the address the browser loads', async () => {
    answerWith(() => Response.json(rows));
    const guides = await supabaseGuidesBackend.list();
    expect(requests[0]?.url).toMatch(/\/rest\/v1\/rpc\/studio_guides$/);
    expect(requests[0]?.method).toBe('POST');
    expect(guides).toEqual([
      expect.objectContaining({
        id: 1,
        imageUrl: 'amara.png',
        imageSrc: expect.stringMatching(/\/storage\/v1\/object\/public\/guides\/amara\.png$/),
        isActive: true,
      }),
      expect.objectContaining({ id: 2, imageSrc: 'https://cdn.test/h.webp', isActive: false }),
    ]);
  });

  it('saves by named arguments; a refusal keeps the database’s words, anything else is a failure', async () => {
    answerWith(() => Response.json(rows));
    await supabaseGuidesBackend.save({ id: null, name: 'Ada', title: 'Analyst', quote: '', imageUrl: null });
    expect(requests[0]?.url).toMatch(/\/rest\/v1\/rpc\/studio_save_guide$/);
    expect(await requests[0]?.json()).toEqual({
      guide_id: null,
      name: 'Ada',
      title: 'Analyst',
      quote: '',
      image_url: null,
    });

    answerWith(() => Response.json({ code: 'P0001', message: 'Name must not be empty.' }, { status: 400 }));
    const refused = supabaseGuidesBackend.reorder([2, 1]);
    await expect(refused).rejects.toBeInstanceOf(GuidesRefusal);
    await expect(refused).rejects.toThrow('Name must not be empty.');

    answerWith(() =>
      Response.json({ code: '42501', message: "This is for the course's owner." }, { status: 403 }),
    );
    const denied = supabaseGuidesBackend.setActive(1, false);
    await expect(denied).rejects.not.toBeInstanceOf(GuidesRefusal);
  });

  it('uploads the picture’s bytes with its recognised type under its content hash, as the owner’s tool names it', async () => {
    answerWith(() => Response.json({ Key: 'guides/x', Id: 'id' }));
    const path = await supabaseGuidesBackend.uploadPicture({
      file: new File(['abc'], 'IMG_0001.HEIC', { type: '' }),
      extension: 'png',
      contentType: 'image/png',
    });
    // SHA-256 of "abc" begins ba7816bf8f01cfea414140de5dae2223.
    expect(path).toBe('ba7816bf8f01cfea414140de5dae2223.png');
    const [request] = requests;
    expect(request?.url).toMatch(/\/storage\/v1\/object\/guides\/ba7816bf8f01cfea414140de5dae2223\.png$/);
    expect(request?.headers.get('content-type')).toBe('image/png');
    expect(request?.headers.get('x-upsert')).toBe('true');
    expect(await request?.text()).toBe('abc');
  });
});
