import { describe, expect, it } from 'vitest';
import { joinAddress } from './address';

describe('joinAddress', () => {
  it('joins zip, line 1, line 2, city, state and country with commas, in that order', () => {
    expect(
      joinAddress({
        addr_zip: '02139',
        addr_line_1: '1 Main St',
        addr_line_2: 'Apt 4',
        addr_city: 'Cambridge',
        addr_state: 'MA',
        addr_country: 'USA',
      }),
    ).toBe('02139, 1 Main St, Apt 4, Cambridge, MA, USA');
  });
  it('skips empty, blank and missing parts', () => {
    expect(joinAddress({ addr_zip: '', addr_line_1: '1 Main St', addr_line_2: '  ', addr_city: 'Cambridge', addr_state: null })).toBe(
      '1 Main St, Cambridge',
    );
  });
  it('is empty for no address', () => {
    expect(joinAddress(null)).toBe('');
    expect(joinAddress({})).toBe('');
  });
});
