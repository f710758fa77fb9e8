import { PlanPage } from '@/features/plan/components/plan-page';
import { SiteFooter } from '@/sections/site-footer';

/** /course/plan: the learner's three-lenses plan and the site's footer, which the printed plan leaves out. */
export function Plan() {
  return (
    <>
      <PlanPage />
      <div className="print:hidden">
        <SiteFooter />
      </div>
    </>
  );
}
