import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { PlanLink } from './plan-link';

it('links to the learner’s plan by its name', () => {
  render(<PlanLink />);
  expect(screen.getByRole('link', { name: 'My three-lenses plan' })).toHaveAttribute('href', '/course/plan');
});
