import { describe, expect, it } from 'vitest';
import { DEMO_ASSIGNMENTS, DEMO_USERS } from './demo-people';

// Issue 20 point 9: the demo's first dashboards are not empty, whatever staff role signs in.
describe('demo assignments', () => {
  const clientsOf = (email: string) =>
    Object.entries(DEMO_ASSIGNMENTS)
      .filter(([, emails]) => emails.includes(email))
      .map(([client]) => client);

  it('give every Admin, Advisor and Analyst clients, and the Admins all of them', () => {
    for (const user of DEMO_USERS.filter((u) => u.roleName !== 'Client Viewer')) {
      expect(clientsOf(user.email).length, user.email).toBeGreaterThan(0);
      if (user.roleName === 'Admin') expect(clientsOf(user.email)).toEqual(Object.keys(DEMO_ASSIGNMENTS));
    }
  });

  it('give the Client Viewers a client each, and staff only to clients', () => {
    for (const user of DEMO_USERS.filter((u) => u.roleName === 'Client Viewer'))
      expect(user.clientKeys?.length, user.email).toBeGreaterThan(0);
    const staff = new Set(DEMO_USERS.filter((u) => u.roleName !== 'Client Viewer').map((u) => u.email));
    for (const emails of Object.values(DEMO_ASSIGNMENTS))
      for (const e of emails) expect(staff.has(e), e).toBe(true);
  });
});
