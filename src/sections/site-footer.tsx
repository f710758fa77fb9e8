import type { ReactNode } from 'react';
import { footerCopy } from '@/content/footer';
import { useSiteWords } from '@/shared/site-words/site-words';
import { Copyright } from './copyright';

/** The footer: the copyright line (`copyright`, a slot the landing page hydrates alone) and the site's links. */
export function SiteFooter({ copyright = <Copyright /> }: { copyright?: ReactNode }) {
  const words = useSiteWords();
  const partners = { label: words['footer.partnersLabel'].trim(), href: words['footer.partnersHref'].trim() };
  // The partners link shows once it has both words and an address.
  const privacy = { label: words['footer.privacyLabel'], href: footerCopy.privacyHref };
  const links = [privacy, ...(partners.label && partners.href ? [partners] : [])];
  return (
    <footer className="border-t border-line bg-paper px-5 py-10 sm:px-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
        {copyright}
        <nav aria-label={footerCopy.navLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link, index) => (
              // Her partners link may share its words or address with the privacy link: the place is the key.
              <li key={index}>
                <a
                  href={link.href}
                  className="font-medium text-ink-soft underline-offset-4 hover:text-ink hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
