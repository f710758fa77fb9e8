/** The launch checklist's back end: the database's studio_launch_checklist and studio_dismiss_launch_checklist. */
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import type { LaunchBackend } from '../model/launch-backend';

const launchChecklist = z.object({
  items: z.array(
    z.discriminatedUnion('key', [
      z.object({ key: z.enum(['founder', 'hero', 'teaser', 'privacy']), done: z.boolean() }),
      z.object({ key: z.enum(['guides', 'lessons']), done: z.boolean(), left: z.number() }),
      z.object({
        key: z.literal('email'),
        done: z.boolean(),
        transport: z.nullable(z.enum(['file', 'smtp', 'resend'])),
      }),
      z.object({ key: z.literal('siteUrl'), done: z.boolean(), address: z.nullable(z.string()) }),
    ]),
  ),
  dismissed: z.boolean(),
});

export const supabaseLaunchBackend: LaunchBackend = {
  load: () => studioRpc('studio_launch_checklist', undefined, launchChecklist),
  setDismissed: (dismissed) => studioRpc('studio_dismiss_launch_checklist', { dismissed }, launchChecklist),
};
