import { describe, expect, it, vi } from 'vitest';
import { answerWith, requests, withFakeNetwork } from '@/lib/fake-network';

const freshApi = async () => {
  vi.resetModules();
  return import('./email-consents');
};

withFakeNetwork();

describe('the e-mail choices', () => {
  it('reads the latest answer only, and no answer as no', async () => {
    const { load: loadReminderConsent } = (await freshApi()).reminderConsent;
    answerWith(() => Response.json([{ given: true }]));
    expect(await loadReminderConsent()).toBe(true);
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/rest/v1/reminder_consents');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(url.searchParams.get('limit')).toBe('1');
    answerWith(() => Response.json([]));
    expect(await loadReminderConsent()).toBe(false);
    answerWith(() => Response.json({ message: 'boom' }, { status: 500 }));
    await expect(loadReminderConsent()).rejects.toThrow('Reading your reminder choice failed');
  });

  it('stores each answer with the words the page shows and their version', async () => {
    const { save: saveReminderConsent } = (await freshApi()).reminderConsent;
    answerWith(() => new Response(null, { status: 201 }));
    await saveReminderConsent(true);
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual({
      given: true,
      wording:
        'E-mail me if I pause for a week. At most 3 reminders, a week apart, each naming your next lesson. Every one has a link to stop them.',
      wording_version: 'pause-reminders-2026-11',
    });
    answerWith(() => Response.json({ code: '42501', message: 'denied' }, { status: 403 }));
    await expect(saveReminderConsent(false)).rejects.toThrow('Saving your reminder choice failed');
  });

  it('keeps the announcements choice in its own table, with its own words', async () => {
    const { announcementConsent } = await freshApi();
    answerWith(() => Response.json([]));
    expect(await announcementConsent.load()).toBe(false);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/rest/v1/announcement_consents');
    answerWith(() => new Response(null, { status: 201 }));
    await announcementConsent.save(true);
    expect(await requests.at(-1)?.json()).toEqual({
      given: true,
      wording:
        'E-mail me when new lessons are added. Now and then, when there is something new in the course. Every e-mail has a link to stop them.',
      wording_version: 'announcements-2026-12',
    });
    answerWith(() => Response.json({ message: 'boom' }, { status: 500 }));
    await expect(announcementConsent.save(false)).rejects.toThrow('Saving your announcement choice failed');
  });
});
