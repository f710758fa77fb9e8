import { describe, expect, it } from 'vitest';
import { draftWith, unpublishedChanges } from './unpublished';

describe('the shared draft of the page’s and the e-mails’ words', () => {
  it('counts what a Publish makes live, on the page and in the e-mails', () => {
    expect(
      unpublishedChanges(
        { 'hero.body': 'New', 'email.course.subject': 'Hi', 'about.title': 'Same' },
        { 'about.title': 'Same', 'about.founderName': 'Sam', 'email.signIn.intro': 'Old' },
      ),
    ).toEqual({ page: 2, emails: 2 });
    expect(unpublishedChanges({}, {})).toEqual({ page: 0, emails: 0 });
  });

  it('saves a section’s changes without dropping the other section’s drafted words', () => {
    const draft = {
      'hero.body': 'Drafted',
      'email.course.subject': 'Old subject',
      'email.course.intro': 'Old',
    };
    expect(
      draftWith(draft, ['email.course.subject', 'email.course.intro'], { 'email.course.subject': 'New' }),
    ).toEqual({ 'hero.body': 'Drafted', 'email.course.subject': 'New' });
  });
});
