// SPEC §3: an address reads zip, line 1, line 2, city, state, country — joined with commas, empties skipped.

export interface AddressLike {
  addr_zip?: string | null;
  addr_line_1?: string | null;
  addr_line_2?: string | null;
  addr_city?: string | null;
  addr_state?: string | null;
  addr_country?: string | null;
}

export function joinAddress(address: AddressLike | null | undefined): string {
  if (!address) return '';
  return [address.addr_zip, address.addr_line_1, address.addr_line_2, address.addr_city, address.addr_state, address.addr_country]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .join(', ');
}
