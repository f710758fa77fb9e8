import { useEffect, useRef, useState } from 'react';
import type { LessonsBackend, LessonStream } from '../model/lessons-backend';

/** How often the streams are read again while one is waiting or being made. */
const POLL_MS = 4000;

const busy = (stream: LessonStream | undefined) => stream?.state === 'waiting' || stream?.state === 'working';

/**
 * Each lesson's stream by lesson id, read when `readKey` changes (null: not yet) and again every few seconds
 * while one is waiting or being made. `onSettled` hears of each stream that was being made and is now done or
 * failed. Stops on unmount, and on a failed read (the list itself still works).
 */
export function useLessonStreams(
  backend: LessonsBackend,
  readKey: string | null,
  onSettled: (stream: LessonStream) => void,
): ReadonlyMap<number, LessonStream> {
  const [streams, setStreams] = useState<ReadonlyMap<number, LessonStream>>(new Map());
  const known = useRef<ReadonlyMap<number, LessonStream>>(new Map());
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });

  useEffect(() => {
    if (readKey === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      backend.lessonStreams().then(
        (list) => {
          if (!live) return;
          const next = new Map(list.map((stream) => [stream.lesson_id, stream]));
          for (const stream of list) {
            if (busy(known.current.get(stream.lesson_id)) && !busy(stream)) settled.current(stream);
          }
          known.current = next;
          setStreams(next);
          if (list.some(busy)) timer = setTimeout(read, POLL_MS);
        },
        (error: unknown) => console.error('Studio: the lessons’ streams could not be read.', error),
      );
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [backend, readKey]);

  return streams;
}
