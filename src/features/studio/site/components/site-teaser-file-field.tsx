import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-picker';
import { type SiteWordKey, siteWordRules } from '@/content/site-word-rules';
import { studioSiteCopy } from '@/content/studio-site';
import { studioUploadsCopy } from '@/content/studio-uploads';
import { captionsAsWebVtt } from '@/lib/lesson-captions';
import { sniffTeaserFile, TEASER_HEAD_BYTES } from '@/lib/teaser-rules';
import { UploadProgress } from '../../components/upload-progress';
import { captionsMessage } from '../../model/captions-message';
import type { ResumableUpload } from '../../model/resumable-upload';
import type { SiteBackend } from '../model/site-backend';

const copy = studioSiteCopy.teaserFiles;

type TeaserFileKey = {
  [Key in SiteWordKey]: (typeof siteWordRules)[Key]['kind'] extends 'video' | 'captions' ? Key : never;
}[SiteWordKey];

export const isTeaserFileKey = (key: SiteWordKey): key is TeaserFileKey =>
  siteWordRules[key].kind === 'video' || siteWordRules[key].kind === 'captions';

type Upload =
  | { step: 'idle'; said: string | null; failed: string | null }
  | { step: 'uploading'; sent: number; total: number; paused: boolean };

/**
 * The teaser's video or captions: a file input whose pick is checked and uploaded at once to the public bucket
 * "teaser" (a video in resumable pieces, with its progress and a pause; captions from SubRip are made WebVTT), and
 * the way back to the shipped file. Her field's words become the uploaded file's name, drafted and published with
 * the rest. The same video picked again gets the same name, so its upload goes on from where it stopped.
 */
export function SiteTeaserFileField({
  id,
  name,
  value,
  error,
  disabled,
  onChange,
  backend,
}: {
  id: string;
  name: TeaserFileKey;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  backend: Pick<SiteBackend, 'uploadTeaserVideo' | 'uploadTeaserCaptions'>;
}) {
  const isVideo = siteWordRules[name].kind === 'video';
  const { label, hint } = studioSiteCopy.fields[name];
  const [upload, setUpload] = useState<Upload>({ step: 'idle', said: null, failed: null });
  const running = useRef<ResumableUpload | null>(null);

  useEffect(() => {
    if (upload.step !== 'uploading') return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [upload.step]);

  const refuse = (failed: string) => setUpload({ step: 'idle', said: null, failed });

  async function pickVideo(file: File, input: HTMLInputElement) {
    const kind = sniffTeaserFile(new Uint8Array(await file.slice(0, TEASER_HEAD_BYTES).arrayBuffer()));
    if (kind !== 'mp4' && kind !== 'webm') {
      input.value = '';
      return refuse(copy.notAVideo);
    }
    const path = `video-${file.size.toString(36)}-${file.lastModified.toString(36)}.${kind}`;
    setUpload({ step: 'uploading', sent: 0, total: file.size, paused: false });
    try {
      running.current = backend.uploadTeaserVideo(path, file, ({ sent, total }) =>
        setUpload((known) => (known.step === 'uploading' ? { ...known, sent, total } : known)),
      );
      await running.current.done;
      onChange(path);
      setUpload({ step: 'idle', said: copy.uploaded, failed: null });
    } catch (failure) {
      console.error('Studio: the teaser video could not be uploaded.', failure);
      refuse(copy.uploadFailed);
    } finally {
      running.current = null;
    }
  }

  async function pickCaptions(file: File, input: HTMLInputElement) {
    const result = captionsAsWebVtt(new Uint8Array(await file.arrayBuffer()));
    if (!result.ok) {
      input.value = '';
      return refuse(captionsMessage(result.problem));
    }
    const path = `captions-${Date.now().toString(36)}.vtt`;
    setUpload({ step: 'idle', said: copy.uploadingCaptions, failed: null });
    try {
      await backend.uploadTeaserCaptions(path, result.vtt);
      onChange(path);
      setUpload({ step: 'idle', said: copy.uploaded, failed: null });
    } catch (failure) {
      console.error('Studio: the teaser captions could not be uploaded.', failure);
      refuse(copy.uploadFailed);
    }
  }

  const busy = disabled || upload.step === 'uploading';
  return (
    <div className="grid gap-3">
      <FileField
        id={id}
        label={label}
        hint={hint}
        error={(upload.step === 'idle' && upload.failed) || error}
        disabled={busy}
        accept={isVideo ? 'video/mp4,video/webm' : '.vtt,.srt,text/vtt,application/x-subrip'}
        onFile={(file, input) => {
          if (file) void (isVideo ? pickVideo(file, input) : pickCaptions(file, input));
        }}
      >
        {value !== '' && (
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            disabled={busy}
            aria-label={copy.reset(label)}
            onClick={() => {
              setUpload({ step: 'idle', said: null, failed: null });
              onChange('');
            }}
          >
            {copy.resetShort}
          </Button>
        )}
      </FileField>
      {upload.step === 'uploading' ? (
        <>
          <p aria-live="polite" className="text-sm font-semibold">
            {upload.paused ? studioUploadsCopy.paused : studioUploadsCopy.uploading}
          </p>
          <UploadProgress
            sent={upload.sent}
            total={upload.total}
            paused={upload.paused}
            onPause={() => {
              running.current?.pause();
              setUpload((known) => (known.step === 'uploading' ? { ...known, paused: true } : known));
            }}
            onResume={() => {
              running.current?.resume();
              setUpload((known) => (known.step === 'uploading' ? { ...known, paused: false } : known));
            }}
          />
        </>
      ) : (
        <p aria-live="polite" className="text-sm text-ink-soft empty:hidden">
          {upload.said}
        </p>
      )}
      <p className="text-sm text-ink-muted">
        {isVideo
          ? value
            ? copy.yoursVideo
            : copy.shippedVideo
          : value
            ? copy.yoursCaptions
            : copy.shippedCaptions}
      </p>
    </div>
  );
}
