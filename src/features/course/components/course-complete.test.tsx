import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { CourseComplete } from './course-complete';

function renderComplete(changes: Record<string, string>) {
  render(
    <SiteWordsProvider changes={changes}>
      <CourseComplete
        total={3}
        headingRef={createRef()}
        newLessons={[]}
        onChoose={() => undefined}
        certificate={null}
        feedback={null}
      />
    </SiteWordsProvider>,
  );
  return screen.getByRole('region', { name: changes['nextStep.heading'] ?? 'Your next step' });
}

describe('CourseComplete’s next step', () => {
  it('is the owner’s, as text, with her button to her address and the way to the plan beside it', () => {
    const step = renderComplete({
      'nextStep.heading': 'Book a call',
      'nextStep.text': 'Talk it through <i>with me</i>.',
      'nextStep.buttonLabel': 'Choose a time',
      'nextStep.url': 'https://example.com/book',
    });
    expect(within(step).getByText('Talk it through <i>with me</i>.')).toBeInTheDocument();
    expect(within(step).getByRole('link', { name: 'Choose a time' })).toHaveAttribute(
      'href',
      'https://example.com/book',
    );
    expect(within(step).getByRole('link', { name: 'My three-lenses plan' })).toHaveAttribute(
      'href',
      '/course/plan',
    );
  });

  it('leads to the learner’s plan as shipped, with no second link there', () => {
    const step = renderComplete({});
    expect(within(step).getAllByRole('link')).toHaveLength(1);
    expect(within(step).getByRole('link', { name: 'Write my three-lenses plan' })).toHaveAttribute(
      'href',
      '/course/plan',
    );
  });
});
