import { PrivacyPolicy } from '@/sections/privacy-policy';
import { SiteFooter } from '@/sections/site-footer';

/** /privacy: the privacy policy and the site's footer. */
export function Privacy() {
  return (
    <>
      <PrivacyPolicy />
      <SiteFooter />
    </>
  );
}
