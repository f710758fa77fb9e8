import { type DragEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioGuidesCopy } from '@/content/studio-guides';
import { fallbackGuideImage } from '@/shared/guide-card/guide-image';
import { carouselPlace } from '../model/guide-draft';
import type { StudioGuide } from '../model/guides-backend';

const copy = studioGuidesCopy;

type Direction = 'up' | 'down';

interface GuideListProps {
  guides: readonly StudioGuide[];
  /** A change is on its way: the buttons stay where they are (and keep focus) but do nothing. */
  busy: boolean;
  onMove: (guide: StudioGuide, to: number) => void;
  onToggle: (guide: StudioGuide) => void;
  onEdit: (guide: StudioGuide) => void;
  onDelete: (guide: StudioGuide) => void;
}

/**
 * The guides in carousel order. Each can be dragged to another place, or moved one place with its Move
 * buttons (the keyboard's and touch screens' way); a moved guide's button keeps the focus.
 */
export function GuideList({ guides, busy, onMove, onToggle, onEdit, onDelete }: GuideListProps) {
  const list = useRef<HTMLOListElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: Direction } | null>(null);

  // Moving a list item in the page can take the focus away from its button: give it back.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    list.current?.querySelector<HTMLElement>(`[data-guide="${id}"] [data-move="${direction}"]`)?.focus();
  }, [guides, focusAfterMove]);

  function move(guide: StudioGuide, index: number, direction: Direction) {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (busy || to < 0 || to >= guides.length) return;
    setFocusAfterMove({ id: guide.id, direction });
    onMove(guide, to);
  }

  function drop(event: DragEvent, index: number) {
    event.preventDefault();
    const guide = guides.find((listed) => listed.id === dragged);
    setDragged(null);
    setOver(null);
    if (!guide || busy || guides.indexOf(guide) === index) return;
    setFocusAfterMove(null);
    onMove(guide, index);
  }

  if (guides.length === 0) return <p className="text-ink-soft">{copy.empty}</p>;

  return (
    <ol ref={list} aria-label={copy.listLabel} className="space-y-3">
      {guides.map((guide, index) => (
        <li
          key={guide.id}
          data-guide={guide.id}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            // Firefox starts a drag only when something is set.
            event.dataTransfer.setData('text/plain', guide.name);
            setDragged(guide.id);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(index);
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={(event) => drop(event, index)}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
          className={`flex flex-wrap items-center gap-3 rounded-2xl bg-surface p-3 shadow-card ring-1 sm:flex-nowrap sm:p-4 ${
            over === index && dragged !== guide.id ? 'ring-2 ring-ink' : 'ring-line'
          } ${dragged === guide.id ? 'opacity-60' : ''}`}
        >
          <span
            aria-hidden="true"
            title={copy.dragHandle(guide.name)}
            className="hidden cursor-grab text-xl leading-none text-ink-muted select-none sm:block"
          >
            ⠿
          </span>
          <img
            src={guide.imageSrc ?? fallbackGuideImage(carouselPlace(guides, guide.id))}
            alt={copy.thumbnailAlt(guide.name)}
            width={56}
            height={56}
            draggable={false}
            className="size-14 shrink-0 rounded-xl bg-paper object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">
              <span className="sr-only">{copy.position(index + 1, guides.length)}: </span>
              {guide.name}
            </p>
            <p className="text-sm break-words text-ink-muted">{guide.title}</p>
            <p
              className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
                guide.isActive ? 'bg-green-100 text-green-900' : 'bg-line text-ink-soft'
              }`}
            >
              {guide.isActive ? copy.shown : copy.hidden}
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={copy.actionLabel(copy.edit, guide.name)}
              onClick={() => onEdit(guide)}
            >
              {copy.edit}
            </Button>
            <Button
              variant="outline"
              size="sm"
              data-move="up"
              aria-label={copy.actionLabel(copy.moveUp, guide.name)}
              aria-disabled={busy || index === 0}
              className="aria-disabled:opacity-50"
              onClick={() => move(guide, index, 'up')}
            >
              {copy.moveUp}
            </Button>
            <Button
              variant="outline"
              size="sm"
              data-move="down"
              aria-label={copy.actionLabel(copy.moveDown, guide.name)}
              aria-disabled={busy || index === guides.length - 1}
              className="aria-disabled:opacity-50"
              onClick={() => move(guide, index, 'down')}
            >
              {copy.moveDown}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-disabled={busy}
              aria-label={copy.actionLabel(guide.isActive ? copy.hide : copy.show, guide.name)}
              className="aria-disabled:opacity-50"
              onClick={() => {
                if (!busy) onToggle(guide);
              }}
            >
              {guide.isActive ? copy.hide : copy.show}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-disabled={busy}
              aria-label={copy.actionLabel(copy.delete, guide.name)}
              className="aria-disabled:opacity-50"
              onClick={() => {
                if (!busy) onDelete(guide);
              }}
            >
              {copy.delete}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
