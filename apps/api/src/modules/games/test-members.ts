// The members a games test file acts as: each one's id and session kept under a name, and requests made as them.
import { buildMember, buildVenue } from '../../test/factories';
import { bearer, type TestApp } from '../../test/test-app';

/** `app` gives the file's test app once it is open. */
export function testMembers(app: () => TestApp) {
  const id: Record<string, number> = {};
  const token: Record<string, string> = {};
  const members = {
    id,
    /** A new member named `name` (first name), signed in. */
    async add(name: string, values: Parameters<typeof buildMember>[1] = {}) {
      const member = await buildMember(app().database.db, { user_fname: name, ...values });
      id[name] = member.id_user;
      token[name] = await app().sessionFor(member.id_user);
    },
    post: (url: string, who: string, payload: object = {}) =>
      app().app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload }),
    get: (url: string, who: string) => app().app.inject({ method: 'GET', url, headers: bearer(token[who]!) }),
    /** The member 'storyteller' (`values` for their row) and the venue they run. */
    async storytellerVenue(values: Parameters<typeof buildMember>[1] = {}) {
      await members.add('storyteller', values);
      return buildVenue(app().database.db, { id_user_st: id.storyteller });
    },
  };
  return members;
}
