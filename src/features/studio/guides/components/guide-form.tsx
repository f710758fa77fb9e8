import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioGuidesCopy } from '@/content/studio-guides';
import { GUIDE_LIMITS } from '@/lib/guide-rules';
import { GuideCard } from '@/shared/guide-card/guide-card';
import { fallbackGuideImage } from '@/shared/guide-card/guide-image';
import { type DraftProblem, draftProblems } from '../model/guide-draft';
import type { CheckedPicture } from '../../pictures/inspect-picture';
import { PictureField } from '../../pictures/picture-field';
import { type GuidesBackend, GuidesRefusal, type StudioGuide } from '../model/guides-backend';

const copy = studioGuidesCopy.form;
const errors = studioGuidesCopy.errors;
const status = studioGuidesCopy.status;

type Picture = { kind: 'kept' } | { kind: 'removed' } | { kind: 'new'; picture: CheckedPicture; url: string };

function problemText(problem: DraftProblem): string {
  switch (problem.field) {
    case 'name':
      return problem.problem === 'empty' ? errors.nameEmpty : errors.nameLong(GUIDE_LIMITS.name);
    case 'title':
      return problem.problem === 'empty' ? errors.titleEmpty : errors.titleLong(GUIDE_LIMITS.title);
    case 'quote':
      return errors.quoteLong(GUIDE_LIMITS.quote, problem.length);
  }
}

interface GuideFormProps {
  /** The guide to edit; null adds a new one. */
  guide: StudioGuide | null;
  /** Its place among the shown guides, from 0: the card's drawn fallback cycles by it, as on the landing page. */
  position: number;
  backend: Pick<GuidesBackend, 'save' | 'uploadPicture'>;
  headingRef: Ref<HTMLHeadingElement>;
  onSaved: (guides: StudioGuide[], message: string) => void;
  onCancel: () => void;
}

/**
 * Adding or editing a guide: its words, and a picture shown exactly as the landing page's card crops it before
 * anything is uploaded. Fields are checked by the database's rules first; the picture is uploaded only then.
 */
export function GuideForm({ guide, position, backend, headingRef, onSaved, onCancel }: GuideFormProps) {
  const id = useId();
  const [name, setName] = useState(guide?.name ?? '');
  const [title, setTitle] = useState(guide?.title ?? '');
  const [quote, setQuote] = useState(guide?.quote ?? '');
  const [picture, setPicture] = useState<Picture>({ kind: 'kept' });
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState<'uploading' | 'saving' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const quoteInput = useRef<HTMLTextAreaElement>(null);
  const pictureInput = useRef<HTMLInputElement>(null);

  // The preview's object address lives as long as the picked picture is shown.
  useEffect(() => {
    if (picture.kind !== 'new') return;
    const { url } = picture;
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const problems = checked ? draftProblems({ name, title, quote }) : [];
  const problemOf = (field: DraftProblem['field']) => {
    const found = problems.find((problem) => problem.field === field);
    return found ? problemText(found) : null;
  };

  const imageSrc =
    picture.kind === 'new' ? picture.url : picture.kind === 'removed' ? null : (guide?.imageSrc ?? null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    setFailure(null);
    const [first] = draftProblems({ name, title, quote });
    if (first) {
      ({ name: nameInput, title: titleInput, quote: quoteInput })[first.field].current?.focus();
      return;
    }
    if (pictureError) {
      pictureInput.current?.focus();
      return;
    }
    let imageUrl = picture.kind === 'removed' ? null : (guide?.imageUrl ?? null);
    try {
      if (picture.kind === 'new') {
        setSending('uploading');
        try {
          imageUrl = await backend.uploadPicture(picture.picture);
        } catch (error) {
          setFailure(status.uploadFailed(error instanceof Error ? error.message : String(error)));
          return;
        }
      }
      setSending('saving');
      const guides = await backend.save({ id: guide?.id ?? null, name, title, quote, imageUrl });
      const saved = name.trim();
      onSaved(guides, guide ? status.saved(saved) : status.added(saved));
    } catch (error) {
      setFailure(error instanceof GuidesRefusal ? status.failed(error.message) : status.unreachable);
    } finally {
      setSending(null);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void submit(event)}
      className="space-y-5 rounded-card bg-surface p-5 shadow-card ring-1 ring-line sm:p-6"
    >
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold">
        {guide ? copy.editHeading(guide.name) : copy.addHeading}
      </h3>

      <TextField
        ref={nameInput}
        id={`${id}-name`}
        label={copy.name}
        hint={copy.nameHint}
        error={problemOf('name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoComplete="off"
      />

      <TextField
        ref={titleInput}
        id={`${id}-title`}
        label={copy.title}
        hint={copy.titleHint}
        error={problemOf('title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        autoComplete="off"
      />

      <TextareaField
        ref={quoteInput}
        id={`${id}-quote`}
        label={copy.quote}
        hint={copy.quoteHint}
        error={problemOf('quote')}
        value={quote}
        onChange={(event) => setQuote(event.target.value)}
        rows={3}
      />

      <PictureField
        id={`${id}-picture`}
        label={copy.picture}
        hint={copy.pictureHint}
        inputRef={pictureInput}
        error={pictureError}
        remove={
          imageSrc === null
            ? undefined
            : {
                label: copy.removePicture,
                onRemove: () => {
                  setPictureError(null);
                  setPicture({ kind: 'removed' });
                },
              }
        }
        onPicked={(picked) => {
          setPictureError(null);
          setPicture({ kind: 'new', picture: picked, url: URL.createObjectURL(picked.file) });
        }}
        onRefused={setPictureError}
      />

      <figure className="max-w-[22rem]">
        <figcaption className="mb-2 text-sm font-semibold text-ink-soft">{copy.previewCaption}</figcaption>
        <GuideCard
          name={name.trim() || copy.previewName}
          title={title.trim() || copy.previewTitle}
          quote={quote.trim() || null}
          imageSrc={imageSrc}
          fallbackSrc={fallbackGuideImage(position)}
          imageAlt={copy.portraitAlt(name.trim())}
        />
        {picture.kind === 'removed' && <p className="mt-2 text-sm text-ink-muted">{copy.pictureRemoved}</p>}
      </figure>

      {failure && (
        <p role="alert" className="font-semibold text-red-700">
          {failure}
        </p>
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="dark" disabled={sending !== null}>
          {sending === 'uploading'
            ? copy.uploading
            : sending === 'saving'
              ? copy.saving
              : guide
                ? copy.save
                : copy.add}
        </Button>
        {guide && (
          <Button variant="outline" onClick={onCancel}>
            {copy.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
