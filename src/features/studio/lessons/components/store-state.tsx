import { studioLessonsCopy } from '@/content/studio-lessons';
import { studioUploadsCopy } from '@/content/studio-uploads';
import { UploadProgress } from '../../components/upload-progress';
import type { FileStore } from './use-file-store';

const copy = studioLessonsCopy.add;

/** Where the storing of a form's files is, in words, with the video's progress while it uploads. */
export function StoreState({ store }: { store: FileStore }) {
  const { phase } = store;
  return (
    <>
      <p aria-live="polite" className="font-semibold empty:hidden">
        {phase.step === 'uploading' &&
          (phase.paused ? studioUploadsCopy.paused : studioUploadsCopy.uploading)}
        {phase.step === 'storing' && copy.storingFiles}
        {phase.step === 'saving' && copy.saving}
      </p>
      {phase.step === 'uploading' && (
        <UploadProgress
          sent={phase.sent}
          total={phase.total}
          paused={phase.paused}
          onPause={store.pause}
          onResume={store.resume}
        />
      )}
    </>
  );
}
