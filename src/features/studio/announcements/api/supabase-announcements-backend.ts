/** The Announcements section's back end: the database's studio_* functions and the studio's test e-mail. */
import { studioAnnouncementsCopy } from '@/content/studio-announcements';
import { z } from '@/lib/zod';
import { sendTestEmail } from '../../api/send-test-email';
import { studioRpc } from '../../api/studio-rpc';
import {
  type Announcements,
  AnnouncementRefusal,
  type AnnouncementsBackend,
} from '../model/announcements-backend';

const announcements = z.object({
  audience: z.number(),
  newLessons: z.boolean(),
  announcements: z.array(
    z.object({
      id: z.number(),
      subject: z.string(),
      lessonId: z.nullable(z.number()),
      createdAt: z.coerce.date(),
      recipients: z.number(),
      sent: z.number(),
      waiting: z.number(),
      failed: z.number(),
      opened: z.number(),
      unsubscribed: z.number(),
    }),
  ),
});

const shown = ({ announcements: sent, ...rest }: z.output<typeof announcements>): Announcements => ({
  ...rest,
  sent,
});

export const supabaseAnnouncementsBackend: AnnouncementsBackend = {
  async load() {
    return shown(await studioRpc('studio_announcements', undefined, announcements, AnnouncementRefusal));
  },
  async send({ subject, text }, requestKey) {
    const answer = await studioRpc(
      'studio_send_announcement',
      { subject, body: text, request_key: requestKey },
      z.object({ recipients: z.number() }),
      AnnouncementRefusal,
    );
    return answer.recipients;
  },
  sendTest: ({ subject, text }) =>
    sendTestEmail({ email: 'announcement', subject, text }, AnnouncementRefusal),
  async setNewLessons(on) {
    const { subject, body } = studioAnnouncementsCopy.newLessonWords;
    return shown(
      await studioRpc(
        'studio_set_lesson_announcements',
        { announce: on, subject, body },
        announcements,
        AnnouncementRefusal,
      ),
    );
  },
};
