import type { ComponentType } from 'react';
import { studioLessonsCopy } from '@/content/studio-lessons';
import { studioOverviewCopy } from '@/content/studio-overview';
import { LessonsPanel } from '../lessons/components/lessons-panel';
import { OverviewPanel } from '../overview/components/overview-panel';

/** One section of the studio: its place in the address (`/studio#<id>`), its name, and what it shows. */
export interface StudioPanel {
  id: string;
  label: string;
  Panel: ComponentType;
}

/** The studio's sections, in the order of its navigation; the first is shown when the address names none. */
export const studioPanels: readonly StudioPanel[] = [
  { id: 'overview', label: studioOverviewCopy.label, Panel: OverviewPanel },
  { id: 'lessons', label: studioLessonsCopy.label, Panel: LessonsPanel },
];
