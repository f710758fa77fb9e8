import { describe, expect, it } from 'vitest';
import { learnerHash, learnerIdIn } from './learner-address';

describe('learnerIdIn', () => {
  it('reads the id of #learners/<id>, and makes that hash back', () => {
    expect(learnerIdIn('#learners/12')).toBe(12);
    expect(learnerIdIn(learnerHash(7))).toBe(7);
  });

  it('names nobody for the list, another section, or anything that is not a plain id', () => {
    for (const hash of [
      '',
      '#learners',
      '#learners/',
      '#outbox/12',
      '#learners/0',
      '#learners/012',
      '#learners/1x',
      '#learners/1/2',
      '#learners/1234567890123456',
    ])
      expect(learnerIdIn(hash), hash).toBeNull();
  });
});
