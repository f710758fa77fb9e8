import { studioOverviewCopy } from '@/content/studio-overview';
import type { Overview, Rating } from '../model/overview';
import { OverviewCard } from './overview-card';

const copy = studioOverviewCopy.feedback;
const RATINGS = ['5', '4', '3', '2', '1'] as const satisfies readonly Rating[];

/** The completion view's answers: how many, their average and spread, and the latest ones with their comments. */
export function FeedbackAnswers({ feedback }: { feedback: Overview['feedback'] }) {
  const most = Math.max(1, ...RATINGS.map((rating) => feedback.ratings[rating]));
  return (
    <OverviewCard heading={copy.heading}>
      <p className="mt-2 text-sm text-ink-soft">{copy.question}</p>
      <p className="mt-3 text-lg font-semibold">{copy.summary(feedback.answers, feedback.average_rating)}</p>
      {feedback.answers > 0 && (
        <>
          <table className="mt-4 w-full text-left text-sm tabular-nums">
            <caption className="sr-only">{copy.ratingsCaption}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{copy.rating}</th>
                <th scope="col">{copy.answers}</th>
              </tr>
            </thead>
            <tbody>
              {RATINGS.map((rating) => (
                <tr key={rating}>
                  <th scope="row" className="w-8 py-0.5 pr-2 font-semibold">
                    {rating}
                  </th>
                  <td className="py-0.5">
                    <div className="flex items-center gap-2">
                      <span aria-hidden="true" className="h-2 flex-1 rounded-full bg-paper">
                        <span
                          className="block h-2 rounded-full bg-accent forced-colors:bg-[Highlight]"
                          style={{ width: `${(feedback.ratings[rating] / most) * 100}%` }}
                        />
                      </span>
                      <span className="w-8 text-right">{feedback.ratings[rating]}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4 className="mt-6 font-semibold">{copy.latestHeading}</h4>
          <ul className="mt-2 flex flex-col gap-3">
            {feedback.latest_answers.map((answer, index) => (
              <li key={index} className="rounded-xl bg-paper p-3">
                <p className="text-sm text-ink-muted">{copy.answer(answer.day, answer.rating)}</p>
                <p
                  className={`mt-1 break-words whitespace-pre-line ${answer.comment === null ? 'text-ink-muted' : ''}`}
                >
                  {answer.comment ?? copy.noComment}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </OverviewCard>
  );
}
