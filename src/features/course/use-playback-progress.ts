import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';
import { hasWatchedEnough, isSaveDue } from './model/progress';

/** What the player reports: where it is, whether the lesson now counts as watched, and whether the page is going. */
export type RecordPosition = (
  positionSeconds: number,
  watched: boolean,
  options: { leaving: boolean },
) => void;

/**
 * When a playing lesson's position is worth saving: every 10 s while it plays, on pause and at the end, the
 * moment it counts as watched, when the tab is hidden or the page left, and when another lesson is chosen.
 * Nothing is saved for a lesson not played in this visit, so merely opening one never moves its saved position.
 */
export function usePlaybackProgress({
  video,
  lessonSeconds,
  alreadyWatched,
  record,
}: {
  video: RefObject<HTMLVideoElement | null>;
  lessonSeconds: number;
  alreadyWatched: boolean;
  record: RecordPosition;
}) {
  const played = useRef(false);
  const lastSavedAt = useRef(0);
  const watchedSent = useRef(alreadyWatched);
  // Where the player was last seen, for the save made after it is gone (another lesson chosen).
  const lastSeen = useRef({ positionSeconds: 0, durationSeconds: lessonSeconds, ended: false });

  function look() {
    const player = video.current;
    if (!player) return lastSeen.current;
    // The file's own length once known; the lesson row's until then.
    const durationSeconds =
      Number.isFinite(player.duration) && player.duration > 0 ? player.duration : lessonSeconds;
    lastSeen.current = { positionSeconds: player.currentTime, durationSeconds, ended: player.ended };
    return lastSeen.current;
  }

  function save(leaving: boolean) {
    if (!played.current) return;
    const { positionSeconds, durationSeconds, ended } = look();
    const watched = ended || hasWatchedEnough(positionSeconds, durationSeconds);
    lastSavedAt.current = Date.now();
    if (watched) watchedSent.current = true;
    record(positionSeconds, watched, { leaving });
  }
  const saveAsThePageGoes = useEffectEvent(() => save(true));
  const saveAsThePlayerGoes = useEffectEvent(() => save(false));

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') saveAsThePageGoes();
    };
    const onLeaving = () => saveAsThePageGoes();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeaving);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeaving);
      saveAsThePlayerGoes();
    };
  }, []);

  return {
    onPlay() {
      if (!played.current) lastSavedAt.current = Date.now();
      played.current = true;
    },
    onTimeUpdate() {
      const { positionSeconds, durationSeconds } = look();
      if (!played.current || video.current?.paused !== false) return;
      const newlyWatched = !watchedSent.current && hasWatchedEnough(positionSeconds, durationSeconds);
      if (newlyWatched || isSaveDue(Date.now(), lastSavedAt.current)) save(false);
    },
    onPause() {
      // At the end the browser pauses, then says "ended": that one saves.
      if (!video.current?.ended) save(false);
    },
    onEnded() {
      save(false);
    },
  };
}
