import { useEffect, useRef, useState } from 'react';
import type { ResumableUpload } from '../../model/resumable-upload';
import type { LessonsBackend } from '../model/lessons-backend';
import type { PosterFile } from './use-lesson-files';

/** Where a form is: being edited, uploading its video, storing its small files, saving the lesson. */
export type StorePhase =
  | { step: 'editing' }
  | { step: 'uploading'; sent: number; total: number; paused: boolean }
  | { step: 'storing' }
  | { step: 'saving' };

/** The files to store, each where its path says (a file left out is not stored). */
export interface FilesToStore {
  video: { file: File; path: string } | null;
  captions: { vtt: string; path: string } | null;
  poster: { file: PosterFile; path: string } | null;
}

/**
 * Stores a lesson's files in the bucket "course": the video in resumable pieces with its progress, which the
 * owner may pause, then the captions and poster. Leaving the page mid-upload asks first: the upload could go on
 * later, but only once the same video is picked again.
 */
export function useFileStore(backend: LessonsBackend) {
  const [phase, setPhase] = useState<StorePhase>({ step: 'editing' });
  const upload = useRef<ResumableUpload | null>(null);

  useEffect(() => {
    if (phase.step !== 'uploading') return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [phase.step]);

  /**
   * Stores the files and moves on to saving. Answers false when the video's upload stopped (the form is being
   * edited again); rejects when a small file could not be stored.
   */
  async function store({ video, captions, poster }: FilesToStore): Promise<boolean> {
    if (video) {
      setPhase({ step: 'uploading', sent: 0, total: video.file.size, paused: false });
      try {
        upload.current = backend.uploadVideo(video.path, video.file, ({ sent, total }) =>
          setPhase((known) => (known.step === 'uploading' ? { ...known, sent, total } : known)),
        );
        await upload.current.done;
      } catch (error) {
        console.error('Studio: the video upload failed.', error);
        setPhase({ step: 'editing' });
        return false;
      } finally {
        upload.current = null;
      }
    }
    if (captions || poster) setPhase({ step: 'storing' });
    if (captions) {
      const vtt = new Blob([captions.vtt], { type: 'text/vtt' });
      await backend.uploadFile(captions.path, vtt, 'text/vtt; charset=utf-8');
    }
    if (poster) await backend.uploadFile(poster.path, poster.file.blob, poster.file.contentType);
    setPhase({ step: 'saving' });
    return true;
  }

  return {
    phase,
    working: phase.step !== 'editing',
    store,
    /** Back to editing, once the lesson is saved or could not be. */
    stop: () => setPhase({ step: 'editing' }),
    pause() {
      upload.current?.pause();
      setPhase((known) => (known.step === 'uploading' ? { ...known, paused: true } : known));
    },
    resume() {
      upload.current?.resume();
      setPhase((known) => (known.step === 'uploading' ? { ...known, paused: false } : known));
    },
  };
}

export type FileStore = ReturnType<typeof useFileStore>;
