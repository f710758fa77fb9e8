import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileField } from './file-picker';

describe('FileField', () => {
  it('hands over the file picked, or null when the pick is cleared', () => {
    const onFile = vi.fn();
    render(<FileField id="video" label="Video" accept="video/mp4" onFile={onFile} />);
    const picker = screen.getByLabelText('Video');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'video/mp4');

    const file = new File(['v'], 'lesson.mp4', { type: 'video/mp4' });
    fireEvent.change(picker, { target: { files: [file] } });
    expect(onFile).toHaveBeenLastCalledWith(file, picker);
    fireEvent.change(picker, { target: { files: [] } });
    expect(onFile).toHaveBeenLastCalledWith(null, picker);
  });

  it('says what is wrong with the pick under it, after its hint in the label’s place', () => {
    render(
      <FileField
        id="picture"
        label="Picture"
        hint="JPEG, PNG or WebP."
        error="Not a picture."
        onFile={() => {}}
      />,
    );
    const picker = screen.getByLabelText('Picture');
    expect(picker).toBeInvalid();
    expect(picker).toHaveAccessibleDescription('Not a picture. JPEG, PNG or WebP.');
  });
});
