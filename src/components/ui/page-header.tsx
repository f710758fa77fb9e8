import type * as React from 'react';
import { LensDots } from '@/components/lens-dots';
import { siteSettings } from '@/content/site';

/** The brand's mark and name, linking home: the first thing on every page but the landing page's hero. */
export function BrandLink() {
  return (
    <a
      data-slot="brand-link"
      href="/"
      className="inline-flex min-h-11 items-center gap-2.5 text-sm font-bold tracking-wide text-ink underline-offset-4 hover:underline"
    >
      <LensDots />
      {siteSettings.brandName}
    </a>
  );
}

/** The brand on the left and, on the right, what the page puts there (`children`). */
export function BrandBar({ className = '', children, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="brand-bar" className={`flex items-center justify-between gap-4 ${className}`} {...props}>
      <BrandLink />
      {children}
    </div>
  );
}

/**
 * The top of a page that is not the landing page: its brand bar on paper, as wide as the page's content
 * (`width`, e.g. `max-w-6xl`). `children` is the slot on the right: a sign-out button, a link back.
 */
export function PageHeader({
  width,
  className = '',
  children,
  ...props
}: React.ComponentProps<'header'> & { width: string }) {
  return (
    <header data-slot="page-header" className={`bg-paper px-5 pt-6 sm:px-8 sm:pt-8 ${className}`} {...props}>
      <BrandBar className={`mx-auto flex-wrap ${width}`}>{children}</BrandBar>
    </header>
  );
}
