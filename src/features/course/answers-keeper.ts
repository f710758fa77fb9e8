import { planStore } from '@/shared/plan-notes/plan-store';
import { type Answers, initialState } from '@/shared/questionnaire/questionnaire';
import { questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import type { KeptAnswers, LearnerRecordBackend } from './model/course-backend';

/** How long after a change the account's copy is updated: writing a note is many changes. */
const SAVE_AFTER_MS = 1500;

type KeeperBackend = Pick<LearnerRecordBackend, 'loadKeptAnswers' | 'keepAnswers' | 'forgetKeptAnswers'>;

/** This device's answers (her name and answers, never her address) and plan, as an account keeps them. */
function onThisDevice(): KeptAnswers {
  const { ageGroup, worries, dream, strengths, name } = questionnaireStore.getState().answers;
  return { answers: { ageGroup, worries, dream, strengths, name }, plan: planStore.getAnswers() };
}

/**
 * Gives this device the account's answers where it has none of its own, through the questionnaire's own moves
 * (so its rules and storage apply as to answers given here); answers whether it did. The landing page's first
 * load carries nothing for it.
 */
function adoptAnswers(kept: Omit<Answers, 'email'>): boolean {
  const { answers, sending } = questionnaireStore.getState();
  if (sending || JSON.stringify(answers) !== JSON.stringify(initialState.answers)) return false;
  const { dispatch } = questionnaireStore;
  if (kept.ageGroup) dispatch({ type: 'chooseAgeGroup', ageGroup: kept.ageGroup });
  for (const worry of kept.worries) dispatch({ type: 'toggleWorry', worry });
  for (const strength of kept.strengths) dispatch({ type: 'toggleStrength', strength });
  dispatch({ type: 'setDream', dream: kept.dream });
  dispatch({ type: 'setName', name: kept.name });
  return true;
}

export interface AnswersKeeper {
  /**
   * Whether she keeps her answers and plan with her account. If she does, a device without answers (or without
   * a plan) of its own takes the account's, the account takes this device's otherwise, and later changes here
   * follow to the account.
   */
  load(): Promise<boolean>;
  /** Ticked: the account keeps this device's answers and plan from now on. Unticked: the account's copy goes. */
  save(keep: boolean): Promise<void>;
  stop(): void;
}

/** "Keep my answers and plan with my account" for the signed-in learner on this device. */
export function createAnswersKeeper(backend: KeeperBackend): AnswersKeeper {
  let unfollow: (() => void) | undefined;
  /** The account's copy being written now: unticking waits for it, so the delete is the last word. */
  let writing: Promise<void> = Promise.resolve();

  const keepNow = () => {
    writing = backend.keepAnswers(onThisDevice()).catch((error: unknown) => {
      console.warn('Course: your kept answers were not updated; the next change tries again.', error);
    });
    return writing;
  };

  function follow() {
    if (unfollow) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void keepNow(), SAVE_AFTER_MS);
    };
    const stops = [questionnaireStore.subscribe(later), planStore.subscribe(later)];
    unfollow = () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
      unfollow = undefined;
    };
  }

  return {
    async load() {
      const kept = await backend.loadKeptAnswers();
      if (!kept) return false;
      const tookAnswers = adoptAnswers(kept.answers);
      const tookPlan = planStore.adopt(kept.plan);
      if (!tookAnswers || !tookPlan) await keepNow();
      follow();
      return true;
    },
    async save(keep) {
      if (keep) {
        await backend.keepAnswers(onThisDevice());
        follow();
        return;
      }
      unfollow?.();
      await writing;
      await backend.forgetKeptAnswers();
    },
    stop: () => unfollow?.(),
  };
}
