import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioLessonsCopy } from '@/content/studio-lessons';
import { fieldClassName } from '@/shared/sign-in/email-input';
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
      <div>
        <label htmlFor={`${id}-title`} className="mb-1 block font-semibold text-ink">
          {copy.title}
        </label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          autoFocus
          aria-invalid={titleMissing || undefined}
          aria-describedby={titleMissing ? `${id}-title-error` : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleMissing(false);
          }}
          className={fieldClassName}
        />
        {titleMissing && (
          <p id={`${id}-title-error`} className="mt-1 text-sm font-semibold text-red-700">
            {copy.titleMissing}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-summary`} className="mb-1 block font-semibold text-ink">
          {copy.summary}
        </label>
        <textarea
          id={`${id}-summary`}
          value={summary}
          maxLength={1000}
          rows={3}
          aria-describedby={`${id}-summary-hint`}
          onChange={(event) => setSummary(event.target.value)}
          className={fieldClassName}
        />
        <p id={`${id}-summary-hint`} className="mt-1 text-sm text-ink-muted">
          {copy.summaryHint}
        </p>
      </div>
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
