import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '../model/overview';
import { OverviewView } from './overview-panel';

const zero = {
  views_home: 0,
  views_course: 0,
  signups_new: 0,
  opened_course: 0,
  learners_started: 0,
  lessons_started: 0,
  lessons_completed: 0,
  finished_course: 0,
};

/** Two days: 200 visits, 10 sign-ups, 5 opened, 4 started, 1 finished; two lessons; two answers. */
const OVERVIEW: Overview = {
  since: '2026-11-26',
  until: '2026-11-27',
  days: [
    { ...zero, day: '2026-11-26', views_home: 120, signups_new: 4, opened_course: 2, learners_started: 2 },
    {
      ...zero,
      day: '2026-11-27',
      views_home: 80,
      views_course: 6,
      signups_new: 6,
      opened_course: 3,
      learners_started: 2,
      finished_course: 1,
    },
  ],
  total: {
    ...zero,
    views_home: 200,
    views_course: 6,
    signups_new: 10,
    opened_course: 5,
    learners_started: 4,
    lessons_started: 6,
    lessons_completed: 3,
    finished_course: 1,
  },
  funnel: {
    visits: 200,
    signups_after_visit: 9,
    signups_without_visit: 1,
    opened_course: 5,
    started_lesson: 4,
    finished_course: 1,
  },
  sources: [
    { day: '2026-11-26', source: 'newsletter', views: 100 },
    { day: '2026-11-26', source: 'direct', views: 20 },
    { day: '2026-11-27', source: 'linkedin.com', views: 86 },
  ],
  lessons: [
    { slug: 'one', title: 'Three lenses', started: 4, finished: 2 },
    { slug: 'two', title: 'Your next step', started: 2, finished: 1 },
  ],
  feedback: {
    answers: 2,
    average_rating: 4.5,
    ratings: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
    latest_answers: [
      { day: '2026-11-27', rating: 5, comment: 'Clear and <b>short</b>.' },
      { day: '2026-11-26', rating: 4, comment: null },
    ],
  },
};

const EMPTY: Overview = {
  ...OVERVIEW,
  days: [],
  total: zero,
  sources: [],
  lessons: [],
  feedback: {
    answers: 0,
    average_rating: null,
    ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    latest_answers: [],
  },
};

function renderOverview(load: (days: number) => Promise<Overview>) {
  const loads = vi.fn(load);
  render(<OverviewView load={loads} />);
  return loads;
}

const card = (name: string) => screen.findByRole('region', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).queryAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      ),
    );

afterEach(() => vi.restoreAllMocks());

describe('OverviewView', () => {
  it('says it is loading, then shows the funnel: what each row counts and its rate, never above 100%', async () => {
    const loads = renderOverview(() => Promise.resolve(OVERVIEW));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview…');
    const funnel = await card('From visit to finished course');
    expect(loads).toHaveBeenCalledWith(30);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Visits to the landing page200Browsers that opened your landing page, each counted once a day however often it came back.',
      'Signed up after a counted visit9New sign-ups on a day with counted visits, at most one for each visit of that day.4.5% of the visits',
      expect.stringMatching(
        /^Signed up without a counted visit1The rest of the new sign-ups: .* They count in the steps below\.$/,
      ),
      'Opened the course5New sign-ups who have opened the course with their e-mail’s link since.50% of the 10 new sign-ups',
      'Started a lesson4Of those, who started watching a lesson.80% of the step before',
      'Finished the course1Of those, who watched every lesson.25% of the step before',
    ]);
    expect(screen.getByText('2026-11-26 to 2026-11-27')).toBeInTheDocument();
  });

  it('draws each step per day with a summary for screen readers, and the numbers in a table', async () => {
    renderOverview(() => Promise.resolve(OVERVIEW));
    const perDay = await card('Day by day');
    expect(within(perDay).getByRole('img', { name: /^New sign-ups/ })).toHaveAccessibleName(
      'New sign-ups: 10 in this period, most on 2026-11-27 (6).',
    );
    expect(within(perDay).getByRole('img', { name: /^Finished the course/ })).toBeInTheDocument();
    fireEvent.click(within(perDay).getByText('Show the numbers for each day'));
    expect(rowsOf(within(perDay).getByRole('table', { name: 'Each day’s numbers' }))).toEqual([
      ['2026-11-27', '80', '6', '3', '2', '1'],
      ['2026-11-26', '120', '4', '2', '2', '0'],
    ]);
  });

  it('shows each lesson’s drop-off, the sources by name and share, and the answers without their authors', async () => {
    renderOverview(() => Promise.resolve(OVERVIEW));
    const lessons = await card('Each lesson');
    expect(rowsOf(within(lessons).getByRole('table'))).toEqual([
      ['Three lenses', '4', '2', '50%'],
      ['Your next step', '2', '1', '50%'],
    ]);
    const sources = screen.getByRole('region', { name: 'Where visitors came from' });
    expect(rowsOf(within(sources).getAllByRole('table')[0] as HTMLElement)).toEqual([
      ['newsletter', '100', '48.5%'],
      ['linkedin.com', '86', '41.7%'],
      ['Direct: typed, bookmarked, or from an app or e-mail', '20', '9.7%'],
    ]);
    const feedback = screen.getByRole('region', { name: 'Feedback' });
    expect(within(feedback).getByText('2 answers, average 4.5')).toBeInTheDocument();
    expect(
      within(feedback)
        .getAllByRole('listitem')
        .map((answer) => answer.textContent),
    ).toEqual(['2026-11-27 · rated 5 of 5Clear and <b>short</b>.', '2026-11-26 · rated 4 of 5No comment.']);
  });

  it('says "No visits yet" for a period without views or sign-ups, and reads the period the owner chooses', async () => {
    const loads = renderOverview(() => Promise.resolve(EMPTY));
    expect(await screen.findByRole('heading', { name: 'No visits yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From visit to finished course' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '7' } });
    expect(await screen.findByText(/in the last 7 days/)).toBeInTheDocument();
    expect(loads.mock.calls).toEqual([[30], [7]]);
  });

  it('says when the overview could not be read, and reads it again on "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const loads = renderOverview(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(OVERVIEW),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the overview. Please check your connection and try again.",
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('From visit to finished course')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
