// A detail page's `:id` as a record id, or null when the URL holds none (/characters/list/abc): such a page says
// 'Not found page' instead of waiting for a query that is never sent.
import { MAX_RECORD_ID } from '@guildhall/shared/constants';
import { useParams } from 'react-router';

export function useRouteId(): number | null {
  const { id } = useParams();
  const number = id && /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return number > 0 && number <= MAX_RECORD_ID ? number : null;
}
