import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioLessonsCopy } from '@/content/studio-lessons';
import type { StudioLesson } from '../model/lessons-backend';

const copy = studioLessonsCopy.editForm;

export interface LessonFields {
  title: string;
  summary: string;
}

/** A lesson's title and summary, edited in place; the slug stays, so links to the lesson keep working. */
export function LessonEditForm({
  lesson,
  onSave,
  onCancel,
}: {
  lesson: StudioLesson;
  onSave: (fields: LessonFields) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(lesson.title);
  const [summary, setSummary] = useState(lesson.summary);
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
    await onSave({ title: title.trim(), summary: summary.trim() });
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
