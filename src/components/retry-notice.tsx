import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';

/** A failure said in plain words, and the one thing to do about it. */
export function RetryNotice({
  message,
  onRetry,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-start gap-4 ${className}`}>
      <p role="alert" className="font-semibold">
        {message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {courseCopy.tryAgain}
      </Button>
    </div>
  );
}
