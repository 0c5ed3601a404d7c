// Locations' errors, with stable codes (STYLE §3).
import { notFound } from '../../errors';

export const locationsErrors = {
  notFound: () => notFound('locations.not_found', 'No domain has this id.'),
};
