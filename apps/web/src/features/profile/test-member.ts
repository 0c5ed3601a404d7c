// The member the profile tests sign in as.
import type { User } from '@guildhall/shared/schemas/user';

export const ADA: User = {
  id_user: 7,
  user_fname: 'Ada',
  user_mname: null,
  user_lname: 'Lovelace',
  user_nick: null,
  user_prefix: null,
  user_bday: '1990-01-02',
  user_camnum: 'US1',
  user_type: 'LARP',
  user_expiration: '2030-01-01',
  id_location: 3,
  is_admin: false,
  tbl_user_email: { id_email: 1, email: 'ada@example.org' },
  tbl_user_phone: { id_phone: 2, phone_number: '+1 555 0100' },
  tbl_user_address: {
    id_address: 3,
    addr_line_1: '1 Main St',
    addr_line_2: null,
    addr_city: 'Boston',
    addr_state: 'MA',
    addr_zip: null,
    addr_country: null,
  },
};
