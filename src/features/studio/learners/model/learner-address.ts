/** Where one learner's page lives in the studio's address: `/studio#learners/<her sign-up's id>`. */

/** The list of learners. */
export const LEARNERS_HASH = '#learners';

export const learnerHash = (id: number) => `${LEARNERS_HASH}/${id}`;

/** The learner an address's hash names (`#learners/12` → 12), or null for the list or anything else. */
export function learnerIdIn(hash: string): number | null {
  const match = /^#learners\/([1-9]\d{0,14})$/.exec(hash);
  return match ? Number(match[1]) : null;
}
