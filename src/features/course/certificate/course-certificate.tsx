import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { courseCopy } from '@/content/course-page';
import { downloadFile } from '@/lib/download-file';
import { useSiteWords } from '@/shared/site-words/site-words';
import { type CertificateDetails, certificateFileName, certificatePdf, shareImagePng } from './certificate';

const copy = courseCopy.certificate;

const makers = { pdf: certificatePdf, png: shareImagePng } as const;

/**
 * The certificate on the completion view: the name she signed up with, which she may correct first, then a
 * one-page PDF or a 1200×630 picture to share, both made on this device.
 */
export function CourseCertificate({ name, finishedAt }: { name: string; finishedAt: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const [printed, setPrinted] = useState(name);
  const [missing, setMissing] = useState(false);
  const [making, setMaking] = useState<keyof typeof makers | null>(null);
  const [failed, setFailed] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const words = useSiteWords();

  async function download(kind: keyof typeof makers) {
    if (making) return;
    if (!printed.trim()) {
      setMissing(true);
      nameField.current?.focus();
      return;
    }
    setMaking(kind);
    setFailed(false);
    try {
      const details: CertificateDetails = {
        name: printed,
        finishedAt,
        signer: { name: words['about.founderName'], role: words['about.founderRole'] },
      };
      downloadFile(certificateFileName(printed, kind), await makers[kind](details));
    } catch (error) {
      console.error('Course: the certificate could not be made.', error);
      setFailed(true);
    } finally {
      setMaking(null);
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-display text-xl font-semibold tracking-tight">
        {copy.heading}
      </h3>
      <p className="mt-2 max-w-2xl leading-relaxed text-ink-soft">{copy.body}</p>
      <TextField
        ref={nameField}
        id={`${id}-name`}
        label={copy.nameLabel}
        type="text"
        autoComplete="name"
        maxLength={80}
        value={printed}
        error={missing && !printed.trim() ? copy.nameMissing : null}
        className="mt-4 max-w-md"
        onChange={(event) => setPrinted(event.target.value)}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="dark" disabled={making !== null} onClick={() => void download('pdf')}>
          {making === 'pdf' ? copy.making : copy.downloadPdf}
        </Button>
        <Button variant="outline" disabled={making !== null} onClick={() => void download('png')}>
          {making === 'png' ? copy.making : copy.downloadImage}
        </Button>
      </div>
      <p role="alert" className="mt-3 font-semibold text-red-700 empty:mt-0">
        {failed && copy.failed}
      </p>
    </section>
  );
}
