import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table';

interface Person {
  email: string;
  name: string;
  visits: number;
}

const people: Person[] = [
  { email: 'ada@example.com', name: 'Ada', visits: 3 },
  { email: 'bo@example.com', name: 'Bo', visits: 0 },
];

function renderTable(onRemove = vi.fn(), minWidth?: string) {
  const columns: Column<Person>[] = [
    { label: 'Person', rowHeader: true, cell: (person) => person.name },
    { label: 'Visits', className: 'text-right', cell: (person) => person.visits },
    {
      label: 'Actions',
      actions: true,
      cell: (person) => (
        <button type="button" onClick={() => onRemove(person)}>
          Remove {person.name}
        </button>
      ),
    },
  ];
  render(
    <DataTable
      caption="People, newest first"
      columns={columns}
      rows={people}
      rowKey={(person) => person.email}
      minWidth={minWidth}
    />,
  );
  return onRemove;
}

describe('DataTable', () => {
  it('is a table named by its caption: a heading row, then a row per item named by its row header', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Person', 'Visits', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Ada3Remove Ada', 'Bo0Remove Bo']);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Ada');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('0');
  });

  it('gives each cell but the row header and the actions its column’s name, for the card a phone shows', () => {
    renderTable();
    const [cell] = screen.getAllByRole('cell', { name: '3' });
    expect(cell).toHaveAttribute('data-label', 'Visits');
    expect(cell).toHaveClass('text-right');
    expect(screen.getByRole('rowheader', { name: 'Ada' })).not.toHaveAttribute('data-label');
    expect(screen.getByRole('button', { name: 'Remove Ada' }).closest('td')).not.toHaveAttribute(
      'data-label',
    );
  });

  it('keeps each row’s actions working', () => {
    const onRemove = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bo' }));
    expect(onRemove).toHaveBeenCalledWith(people[1]);
  });

  it('scrolls in a region of its own, reachable by keyboard, only when it has a width to keep', () => {
    renderTable(vi.fn(), 'min-w-3xl');
    const region = screen.getByRole('region', { name: 'People, newest first' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toHaveClass('min-w-3xl');
  });

  it('is no region when it fits', () => {
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
