import type * as React from 'react';

/** In forced colours (Windows high contrast) backgrounds vanish: every button keeps a border, in ButtonText. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-full border font-semibold forced-colors:border-[ButtonText] transition-[background-color,box-shadow,transform] duration-200 active:translate-y-px disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0';

const variants = {
  accent:
    'border-transparent bg-accent text-ink shadow-[0_8px_24px_-8px_rgb(245_184_61/0.7)] hover:bg-accent-strong',
  dark: 'border-transparent bg-ink text-on-night hover:bg-night-soft',
  outline: 'border-ink/15 bg-surface text-ink hover:border-ink/30 hover:bg-paper',
  round: 'border-ink/15 bg-surface text-ink shadow-sm hover:border-ink/30 hover:bg-paper',
} as const;

const sizes = {
  sm: 'min-h-10 px-4 py-2 text-sm',
  md: 'min-h-11 px-5 py-2.5 text-base',
  lg: 'min-h-13 px-7 py-3.5 text-base sm:text-lg',
  icon: 'size-11',
} as const;

interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
}

/** The button look, for a link that acts as a button. */
export function buttonVariants({ variant = 'accent', size = 'md', className = '' }: ButtonStyle = {}) {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`;
}

type ButtonProps = React.ComponentProps<'button'> & ButtonStyle;

/** The one button style of the page, in the shadcn manner: variants by name, the element is ours to edit. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      data-slot="button"
      type={type}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
