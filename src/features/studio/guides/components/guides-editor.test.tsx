import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GuidesBackend, GuidesRefusal, type StudioGuide } from '../model/guides-backend';
import { GuidesEditor } from './guides-editor';

const guide = (id: number, name: string, isActive = true): StudioGuide => ({
  id,
  name,
  title: `${name}'s title`,
  quote: null,
  imageUrl: `${name.toLowerCase()}.png`,
  imageSrc: `https://cdn.test/guides/${name.toLowerCase()}.png`,
  isActive,
});

/** The section over a back end of the test's making, keeping its guides as the database would. */
function fakeBackend() {
  let guides = [guide(1, 'Amara'), guide(2, 'Daniel'), guide(3, 'Helen', false)];
  const answer = () => Promise.resolve(guides.map((listed) => ({ ...listed })));
  const backend = {
    list: vi.fn<GuidesBackend['list']>(answer),
    save: vi.fn<GuidesBackend['save']>(async (draft) => {
      const saved = {
        id: draft.id ?? guides.length + 1,
        name: draft.name.trim(),
        title: draft.title.trim(),
        quote: draft.quote.trim() || null,
        imageUrl: draft.imageUrl,
        imageSrc: draft.imageUrl && `https://cdn.test/guides/${draft.imageUrl}`,
        isActive: true,
      };
      guides = draft.id
        ? guides.map((listed) => (listed.id === draft.id ? saved : listed))
        : [...guides, saved];
      return answer();
    }),
    reorder: vi.fn<GuidesBackend['reorder']>(async (ids) => {
      guides = ids.flatMap((id) => guides.filter((listed) => listed.id === id));
      return answer();
    }),
    setActive: vi.fn<GuidesBackend['setActive']>(async (id, active) => {
      guides = guides.map((listed) => (listed.id === id ? { ...listed, isActive: active } : listed));
      return answer();
    }),
    remove: vi.fn<GuidesBackend['remove']>(async (id) => {
      guides = guides.filter((listed) => listed.id !== id);
      return answer();
    }),
    uploadPicture: vi.fn<GuidesBackend['uploadPicture']>(async (picture) => `4f1c.${picture.extension}`),
  };
  return backend;
}

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
// An iPhone photo's first bytes: an ftyp box with the brands heic, mif1 and heic.
const HEIC = [0, 0, 0, 24, ...[...'ftypheic'].map((c) => c.charCodeAt(0)), 0, 0, 0, 0];
const HEIC_BRANDS = [...'mif1heic'].map((c) => c.charCodeAt(0));

const file = (bytes: number[], name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

function pick(picked: File) {
  fireEvent.change(screen.getByLabelText('Picture (optional)'), { target: { files: [picked] } });
}

const listedNames = () =>
  within(screen.getByRole('list', { name: 'Guides in carousel order' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('paragraph')[0]?.textContent);

/** The live message, once it says this (the change's answer comes a moment after the click). */
const statusSays = (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:https://studio.test/preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('GuidesEditor', () => {
  it('lists every guide in carousel order, with whether the landing page shows it', async () => {
    render(<GuidesEditor backend={fakeBackend()} />);
    const list = await screen.findByRole('list', { name: 'Guides in carousel order' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('1 of 3: Amara');
    expect(items[0]).toHaveTextContent('Shown');
    expect(items[2]).toHaveTextContent('Hidden');
    expect(screen.getByRole('img', { name: 'Picture of Amara' })).toHaveAttribute(
      'src',
      'https://cdn.test/guides/amara.png',
    );
  });

  it('moves a guide with its buttons, keeping the focus on the moved guide, and says where it went', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    const down = await screen.findByRole('button', { name: 'Move down Amara' });
    down.focus();
    fireEvent.click(down);
    await statusSays('Moved Amara to position 2 of 3.');
    expect(backend.reorder).toHaveBeenCalledWith([2, 1, 3]);
    expect(listedNames()).toEqual(['1 of 3: Daniel', '2 of 3: Amara', '3 of 3: Helen']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down Amara' })).toHaveFocus());

    // At the top, Move up does nothing but keeps its focus.
    const up = screen.getByRole('button', { name: 'Move up Daniel' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(up);
    expect(backend.reorder).toHaveBeenCalledTimes(1);
  });

  it('moves a guide by drag and drop', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    const [first, , last] = within(await screen.findByRole('list')).getAllByRole('listitem');
    if (!first || !last) throw new Error('The list shows fewer than three guides.');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(last, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await statusSays('Moved Helen to position 1 of 3.');
    expect(backend.reorder).toHaveBeenCalledWith([3, 1, 2]);
  });

  it('reads the list again when the database refuses a move, and says why', async () => {
    const backend = fakeBackend();
    backend.reorder.mockRejectedValueOnce(
      new GuidesRefusal('The new order must list every guide exactly once. Reload the list and try again.'),
    );
    render(<GuidesEditor backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move up Daniel' }));
    await statusSays('That didn’t work: The new order must list every guide exactly once.');
    await waitFor(() => expect(backend.list).toHaveBeenCalledTimes(2));
    expect(listedNames()).toEqual(['1 of 3: Amara', '2 of 3: Daniel', '3 of 3: Helen']);
  });

  it('shows and hides a guide, and says what the landing page does now', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show Helen' }));
    expect(await screen.findByText('Helen is now shown on the landing page.')).toBeInTheDocument();
    expect(backend.setActive).toHaveBeenCalledWith(3, true);
    expect(screen.getByRole('button', { name: 'Hide Helen' })).toBeInTheDocument();
  });

  it('deletes a guide only once the owner confirms, leaving the form if it was editing them', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Daniel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Daniel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Daniel for good?' });
    expect(dialog).toHaveAccessibleDescription(
      /This cannot be undone\. To take them off the page for now, hide them instead\./,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the guide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.remove).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Daniel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the guide' }));
    await statusSays('Deleted Daniel. The landing page no longer shows them.');
    // Her row and its button are gone: the focus is on what became of the deletion, not lost to the page.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(backend.remove).toHaveBeenCalledWith(2);
    expect(listedNames()).toEqual(['1 of 2: Amara', '2 of 2: Helen']);
    expect(screen.getByRole('form', { name: 'Add a guide' })).toBeInTheDocument();
  });

  it('adds a guide with a picture: the card shows it cropped as on the landing page before the upload', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    const form = await screen.findByRole('form', { name: 'Add a guide' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(form).getByLabelText('Title or role'), { target: { value: 'Analyst' } });
    pick(file(JPEG, 'ada.jpg', 'image/jpeg'));

    const preview = within(form).getByRole('img', { name: 'Portrait of Ada Lovelace' });
    await waitFor(() => expect(preview).toHaveAttribute('src', 'blob:https://studio.test/preview'));
    // The carousel card's own crop: a square from the picture's middle.
    expect(preview).toHaveClass('aspect-square', 'object-cover');
    expect(within(form).getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(backend.uploadPicture).not.toHaveBeenCalled();

    fireEvent.click(within(form).getByRole('button', { name: 'Add the guide' }));
    await statusSays('Added Ada Lovelace. The landing page shows the change within a second.');
    expect(backend.uploadPicture).toHaveBeenCalledWith({
      file: expect.any(File),
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(backend.save).toHaveBeenCalledWith({
      id: null,
      name: 'Ada Lovelace',
      title: 'Analyst',
      quote: '',
      imageUrl: '4f1c.jpg',
    });
    expect(listedNames()).toHaveLength(4);
    // A fresh form, with the focus on its heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Add a guide' })).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('explains an iPhone HEIC photo and a picture over 5 MB, and uploads neither', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    const input = await screen.findByLabelText('Picture (optional)');
    pick(file([...HEIC, ...HEIC_BRANDS], 'IMG_0001.jpg', ''));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(
          'This is an iPhone HEIC photo, which browsers cannot show. Export it as JPEG',
        ),
      ),
    );
    expect(input).toBeInvalid();

    const big = file(JPEG, 'huge.jpg', 'image/jpeg');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    pick(big);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('This picture is 6.0 MB, over the 5 MB limit.'),
      ),
    );
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(backend.uploadPicture).not.toHaveBeenCalled();
  });

  it('ties each field’s problem to it, focuses the first, and shows the database’s refusal', async () => {
    const backend = fakeBackend();
    backend.save.mockRejectedValueOnce(new GuidesRefusal('Title must not be empty.'));
    render(<GuidesEditor backend={backend} />);
    const form = await screen.findByRole('form', { name: 'Add a guide' });
    fireEvent.change(within(form).getByLabelText('Quote (optional)'), { target: { value: 'x'.repeat(601) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the guide' }));

    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Please give the guide’s name.'));
    expect(within(form).getByLabelText('Quote (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('The quote can be at most 600 characters (it has 601).'),
    );
    expect(backend.save).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.change(within(form).getByLabelText('Title or role'), { target: { value: 'Analyst' } });
    fireEvent.change(within(form).getByLabelText('Quote (optional)'), { target: { value: 'Numbers tell.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the guide' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That didn’t work: Title must not be empty.',
    );
  });

  it('edits a guide in place, keeping its picture unless another is chosen', async () => {
    const backend = fakeBackend();
    render(<GuidesEditor backend={backend} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Daniel' }));
    const form = screen.getByRole('form', { name: 'Edit Daniel' });
    expect(screen.getByRole('heading', { name: 'Edit Daniel' })).toHaveFocus();
    expect(within(form).getByRole('img', { name: 'Portrait of Daniel' })).toHaveAttribute(
      'src',
      'https://cdn.test/guides/daniel.png',
    );
    fireEvent.change(within(form).getByLabelText('Title or role'), { target: { value: 'Coach' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save the changes' }));
    });
    expect(backend.save).toHaveBeenCalledWith({
      id: 2,
      name: 'Daniel',
      title: 'Coach',
      quote: '',
      imageUrl: 'daniel.png',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saved Daniel.');
    expect(screen.getByRole('form', { name: 'Add a guide' })).toBeInTheDocument();
  });
});
