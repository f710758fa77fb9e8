import type { ComponentType } from 'react';
import { studioAnnouncementsCopy } from '@/content/studio-announcements';
import { studioEmailsCopy } from '@/content/studio-emails';
import { studioGuidesCopy } from '@/content/studio-guides';
import { studioLearnersCopy } from '@/content/studio-learners';
import { studioOutboxCopy } from '@/content/studio-outbox';
import { studioLessonsCopy } from '@/content/studio-lessons';
import { studioOverviewCopy } from '@/content/studio-overview';
import { studioSiteCopy } from '@/content/studio-site';
import { AnnouncementsPanel } from '../announcements/components/announcements-panel';
import { EmailsPanel } from '../emails/components/emails-panel';
import { LearnersPanel } from '../learners/components/learners-panel';
import { OutboxPanel } from '../outbox/components/outbox-panel';
import { LessonsPanel } from '../lessons/components/lessons-panel';
import { OverviewPanel } from '../overview/components/overview-panel';
import { GuidesPanel } from '../guides/components/guides-panel';
import { SitePanel } from '../site/components/site-panel';

/** One section of the studio: its place in the address (`/studio#<id>`), its name, and what it shows. */
export interface StudioPanel {
  id: string;
  label: string;
  Panel: ComponentType;
}

/** The studio's sections, in the order of its navigation; the first is shown when the address names none. */
export const studioPanels: readonly StudioPanel[] = [
  { id: 'overview', label: studioOverviewCopy.label, Panel: OverviewPanel },
  { id: 'learners', label: studioLearnersCopy.label, Panel: LearnersPanel },
  { id: 'site', label: studioSiteCopy.label, Panel: SitePanel },
  { id: 'emails', label: studioEmailsCopy.label, Panel: EmailsPanel },
  { id: 'announcements', label: studioAnnouncementsCopy.label, Panel: AnnouncementsPanel },
  { id: 'guides', label: studioGuidesCopy.label, Panel: GuidesPanel },
  { id: 'lessons', label: studioLessonsCopy.label, Panel: LessonsPanel },
  { id: 'outbox', label: studioOutboxCopy.label, Panel: OutboxPanel },
];
