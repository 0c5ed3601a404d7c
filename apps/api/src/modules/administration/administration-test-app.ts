// What the administration test files start from: the matrix accounts (useMatrixApp) with requests as one of them,
// and a new member's form, different each time. The fields are live bindings, set before the file's tests run.
import { type TestApp, useMatrixApp } from '../../test/test-app';

export let t: TestApp;
export let id: Record<string, number>;

/** Opens the app before the file's tests and closes it after them; GET and POST as one of the accounts. */
export const useAdministrationTestApp = () =>
  useMatrixApp((app) => {
    ({ t, id } = app);
  });

let seq = 0;
export const newMember = (extra: Record<string, unknown> = {}) => {
  seq++;
  return {
    user_fname: 'Nadia',
    user_lname: `Petrova ${seq}`,
    user_camnum: `NEW${Date.now() % 1e6}${seq}`,
    user_type: 'LARP',
    user_expiration: '2027-11-30',
    id_location: id.memberLocation,
    tbl_user_email: { email: `nadia${seq}.${Date.now()}@example.test` },
    ...extra,
  };
};
