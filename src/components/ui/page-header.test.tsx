import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '@/content/site';
import { BrandBar, PageHeader } from './page-header';

describe('PageHeader', () => {
  it('is the page’s banner: the brand linking home, and the page’s own slot beside it', () => {
    render(
      <PageHeader width="max-w-3xl">
        <a href="/course">Back to the course</a>
      </PageHeader>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: siteSettings.brandName })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'Back to the course' })).toBeVisible();
    expect(banner.firstElementChild).toHaveClass('max-w-3xl');
  });

  it('draws the brand’s dots for the eye only', () => {
    render(<PageHeader width="max-w-6xl" />);
    const brand = screen.getByRole('link', { name: siteSettings.brandName });
    expect(brand.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(brand).toHaveTextContent(new RegExp(`^${siteSettings.brandName}$`));
  });
});

describe('BrandBar', () => {
  it('puts the brand and a slot in a row, without the banner, for a page whose top is in its main', () => {
    render(
      <main>
        <BrandBar>
          <a href="/course">The course</a>
        </BrandBar>
      </main>,
    );
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('link', { name: siteSettings.brandName })).toBeVisible();
    expect(screen.getByRole('link', { name: 'The course' })).toBeVisible();
  });
});
