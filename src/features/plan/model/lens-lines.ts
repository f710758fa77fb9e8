import type { LensCopy } from '@/content/plan';
import type { Answers } from '@/shared/questionnaire/questionnaire';

export type LensAnswers = Pick<Answers, 'ageGroup' | 'worries' | 'strengths' | 'dream'>;

/**
 * What the learner told the questionnaire for one lens, in a line: their worries (trends), their strengths or,
 * under 25, the school subjects they enjoy (strengths), their childhood dream, quoted (dreams). Null where that
 * answer is not on this device.
 */
export function lensLine(lens: LensCopy, answers: LensAnswers): string | null {
  switch (lens.id) {
    case 'trends':
      return answers.worries.length > 0 ? lens.said(answers.worries.join(', ')) : null;
    case 'strengths': {
      if (answers.strengths.length === 0) return null;
      const said = (answers.ageGroup === 'under25' && lens.saidSubjects) || lens.said;
      return said(answers.strengths.join(', '));
    }
    case 'dreams': {
      const dream = answers.dream.trim();
      return dream ? lens.said(dream) : null;
    }
  }
}
