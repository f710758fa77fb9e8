import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';

const tones = {
  /** On the course's dark cover, or beside words of the same weight. */
  plain: 'font-semibold',
  /** On paper, among other messages: the failure stands out in red. */
  danger: 'font-semibold text-red-700',
} as const;

/** A failure said in plain words, and the one thing to do about it. */
export function RetryNotice({
  message,
  onRetry,
  retryLabel = courseCopy.tryAgain,
  tone = 'plain',
  className = '',
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-start gap-4 ${className}`}>
      <p role="alert" className={tones[tone]}>
        {message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
