import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('shows © <current year> <brand> and the two placeholder links', () => {
    render(<SiteFooter />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Three Lenses`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '#');
    expect(screen.getByRole('link', { name: 'For Schools & Employers' })).toHaveAttribute('href', '#');
  });
});
