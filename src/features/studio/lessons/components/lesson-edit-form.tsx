import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioLessonsCopy } from '@/content/studio-lessons';
import type { StudioLesson } from '../model/lessons-backend';
import { otherTags, type TagChoice, tagChoices, type TagGroup } from '../model/lesson-tags';

const copy = studioLessonsCopy.editForm;

export interface LessonFields {
  title: string;
  summary: string;
  is_preview: boolean;
  speaks_to: string[];
}

/**
 * A lesson's title, summary, free preview and the answers it speaks to, edited in place; the slug stays, so
 * links to the lesson keep working.
 */
export function LessonEditForm({
  lesson,
  position,
  onSave,
  onCancel,
}: {
  lesson: StudioLesson;
  position: number;
  onSave: (fields: LessonFields) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(lesson.title);
  const [summary, setSummary] = useState(lesson.summary);
  const [isPreview, setIsPreview] = useState(lesson.is_preview);
  const [speaksTo, setSpeaksTo] = useState<readonly string[]>(lesson.speaks_to);
  const kept = otherTags(lesson.speaks_to);
  const toggleTag = (tag: string, on: boolean) =>
    setSpeaksTo((tags) => (on ? [...tags, tag] : tags.filter((kept) => kept !== tag)));
  const [titleMissing, setTitleMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (title.trim() === '') {
      setTitleMissing(true);
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    setSaving(true);
    await onSave({
      title: title.trim(),
      summary: summary.trim(),
      is_preview: isPreview,
      speaks_to: [...speaksTo],
    });
    setSaving(false);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 border-t border-line pt-4">
      <TextField
        id={`${id}-title`}
        label={copy.title}
        error={titleMissing ? copy.titleMissing : null}
        value={title}
        maxLength={200}
        autoFocus
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleMissing(false);
        }}
      />
      <TextareaField
        id={`${id}-summary`}
        label={copy.summary}
        describedBy={`${id}-summary-hint`}
        value={summary}
        maxLength={1000}
        rows={3}
        onChange={(event) => setSummary(event.target.value)}
      >
        <p id={`${id}-summary-hint`} className="mt-1 text-sm text-ink-muted">
          {copy.summaryHint}
        </p>
      </TextareaField>
      <div>
        <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
          <input
            type="checkbox"
            className="size-5 accent-lens-2"
            aria-describedby={`${id}-preview-hint`}
            checked={isPreview}
            onChange={(event) => setIsPreview(event.target.checked)}
          />
          {copy.preview}
        </label>
        <p id={`${id}-preview-hint`} className="text-sm text-ink-muted">
          {copy.previewHint(position)}
        </p>
      </div>
      <fieldset aria-describedby={`${id}-tags-hint`}>
        <legend className="font-medium text-ink">{copy.speaksTo}</legend>
        <p id={`${id}-tags-hint`} className="mt-1 text-sm text-ink-muted">
          {copy.speaksToHint}
        </p>
        {(Object.keys(tagChoices) as TagGroup[]).map((group) => (
          <TagChoices
            key={group}
            legend={copy[group]}
            choices={tagChoices[group]}
            chosen={speaksTo}
            onToggle={toggleTag}
          />
        ))}
        {kept.length > 0 && (
          <TagChoices
            legend={copy.otherTags}
            choices={kept.map((tag) => ({ tag, label: tag }))}
            chosen={speaksTo}
            onToggle={toggleTag}
          />
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? copy.saving : copy.save}
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}

/** One group of the questionnaire's options, each a checkbox. */
function TagChoices({
  legend,
  choices,
  chosen,
  onToggle,
}: {
  legend: string;
  choices: readonly TagChoice[];
  chosen: readonly string[];
  onToggle: (tag: string, on: boolean) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold text-ink-soft">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-4 lg:grid-cols-3">
        {choices.map(({ tag, label }) => (
          <label key={tag} className="flex min-h-11 items-center gap-2 text-sm text-ink sm:min-h-9">
            <input
              type="checkbox"
              className="size-4 accent-lens-2"
              checked={chosen.includes(tag)}
              onChange={(event) => onToggle(tag, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
