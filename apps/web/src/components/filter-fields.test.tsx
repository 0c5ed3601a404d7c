// The filters bar's fields: a choice whose empty value reads 'Any' (or the caller's words), a trimmed text filter.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchFilter, SelectFilter } from './filter-fields';

describe('SelectFilter', () => {
  it('offers Any, then the choices, and gives the chosen value', async () => {
    const onChange = vi.fn();
    render(<SelectFilter label="Status" value="" onChange={onChange} options={['Pending', { value: 7, label: 'Seven' }]} />);
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Any'],
      ['Pending', 'Pending'],
      ['7', 'Seven'],
    ]);
    await userEvent.selectOptions(select, 'Seven');
    expect(onChange).toHaveBeenCalledWith('7');
  });

  it('says why it is disabled in its empty choice', () => {
    render(<SelectFilter label="Domain" value="" onChange={() => undefined} options={[]} empty="Choose a region first" disabled />);
    expect(screen.getByRole('combobox', { name: 'Domain' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Choose a region first' })).toBeInTheDocument();
  });
});

describe('SearchFilter', () => {
  it('applies as one types, trimmed', async () => {
    const onChange = vi.fn();
    render(<SearchFilter label="Holder" value="" onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Holder' }), 'Ada ');
    expect(onChange).toHaveBeenLastCalledWith('Ada');
  });

  it('keeps the spaces typed between words, and shows the filter when it changes otherwise (Back, Clear filters)', async () => {
    function Harness() {
      const [value, setValue] = useState('');
      return (
        <>
          <SearchFilter label="Holder" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('Smith')}>
            Back
          </button>
        </>
      );
    }
    render(<Harness />);
    const box = screen.getByRole('searchbox', { name: 'Holder' });
    await userEvent.type(box, 'ada lo');
    expect(box).toHaveValue('ada lo');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(box).toHaveValue('Smith');
  });
});
