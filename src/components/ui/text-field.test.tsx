import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextareaField, TextField } from './text-field';

describe('TextField', () => {
  it('is labelled, described by its hint, and passes on what it is given', () => {
    const onChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(
      <TextField
        ref={ref}
        id="name"
        label="Name"
        hint="As the card shows it."
        value="Ada"
        onChange={onChange}
        autoComplete="name"
        inputClassName="font-mono"
      />,
    );
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAccessibleDescription('As the card shows it.');
    expect(input).toHaveAttribute('autocomplete', 'name');
    expect(input).toHaveClass('font-mono');
    expect(input).not.toBeInvalid();
    expect(ref.current).toBe(input);
    fireEvent.change(input, { target: { value: 'Bo' } });
    expect(onChange).toHaveBeenCalled();
  });

  it('shows its error under it while there is one, heard first and marking it invalid', () => {
    const { rerender } = render(
      <TextField id="email" label="Your email" error="Please enter your email." describedBy="trust" value="">
        <p id="trust">One e-mail, no spam.</p>
      </TextField>,
    );
    const input = screen.getByLabelText('Your email');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Please enter your email. One e-mail, no spam.');
    expect(screen.getByText('Please enter your email.')).toBeVisible();

    rerender(
      <TextField id="email" label="Your email" error={null} describedBy="trust" value="ada@example.com">
        <p id="trust">One e-mail, no spam.</p>
      </TextField>,
    );
    expect(input).not.toBeInvalid();
    expect(input).toHaveAccessibleDescription('One e-mail, no spam.');
    expect(screen.queryByText('Please enter your email.')).toBeNull();
  });
});

describe('TextareaField', () => {
  it('is a labelled multi-line box with the same error', () => {
    render(
      <TextareaField id="quote" label="Quote" error="Too long." rows={3} value="" onChange={() => {}} />,
    );
    const box = screen.getByRole('textbox', { name: 'Quote' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Too long.');
  });
});
