import { useSyncExternalStore } from 'react';
import { footerCopy } from '@/content/footer';
import { siteSettings } from '@/content/site';

const noSubscription = () => () => undefined;
const currentYear = () => new Date().getFullYear();
/**
 * The prerendered page shows the year it was built in, and hydration starts from that same year: nothing
 * re-renders unless the build is from an earlier year, which the footer then corrects (decision 0154).
 */
const prerenderedYear = () => __BUILD_YEAR__;

/** The copyright line, with the current year. */
export function Copyright() {
  const year = useSyncExternalStore(noSubscription, currentYear, prerenderedYear);
  return <p>{footerCopy.copyright(year, siteSettings.brandName)}</p>;
}
