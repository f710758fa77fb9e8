import { ageGroups, strengthOptions, worryOptions } from '@/content/signup';

/** One tag a lesson can carry: the questionnaire's stored answer, and how the studio names it. */
export interface TagChoice {
  tag: string;
  label: string;
}

export type TagGroup = 'worries' | 'ageGroups' | 'strengths';

/**
 * The questionnaire's own options, the tags a lesson speaks to (`speaks_to`): its worries, its age groups (their
 * ids, labelled as the questionnaire labels them) and every group's strengths and school subjects, each once.
 */
export const tagChoices: Record<TagGroup, readonly TagChoice[]> = {
  worries: worryOptions.map((worry) => ({ tag: worry, label: worry })),
  ageGroups: ageGroups.map((group) => ({ tag: group.id, label: group.label })),
  strengths: [...new Set(Object.values(strengthOptions).flat())].map((strength) => ({
    tag: strength,
    label: strength,
  })),
};

/** A lesson's tags that are none of the questionnaire's options (the owner's tool takes any): kept, and shown. */
export function otherTags(speaksTo: readonly string[]): string[] {
  const known = new Set(Object.values(tagChoices).flatMap((choices) => choices.map((choice) => choice.tag)));
  return speaksTo.filter((tag) => !known.has(tag));
}
