import { siteSettings } from '@/content/site';
import { LensDots } from './lens-dots';

/** The brand at the top of every page but the landing page's: its mark and name, leading home. */
export function BrandHomeLink() {
  return (
    <a
      href="/"
      className="inline-flex min-h-11 items-center gap-2.5 text-sm font-bold tracking-wide text-ink underline-offset-4 hover:underline"
    >
      <LensDots />
      {siteSettings.brandName}
    </a>
  );
}
