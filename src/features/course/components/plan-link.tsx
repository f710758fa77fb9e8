import { PLAN_PATH } from '@/content/course';
import { planLinkText } from '@/content/plan';

/** The way to the learner's plan, as a plain link in the course page's style. */
export function PlanLink({ className = '' }: { className?: string }) {
  return (
    <a
      href={PLAN_PATH}
      className={`inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4 ${className}`}
    >
      {planLinkText}
    </a>
  );
}
