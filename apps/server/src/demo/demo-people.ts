/** A few users per default role; Client Viewers see only their own clients. */
export const DEMO_USERS: readonly {
  firstName: string;
  lastName: string;
  email: string;
  roleName: 'Admin' | 'Advisor' | 'Analyst' | 'Client Viewer';
  clientKeys?: readonly string[];
}[] = [
  { firstName: 'Morgan', lastName: 'Ellis', email: 'morgan.ellis@demo.example.com', roleName: 'Admin' },
  { firstName: 'Dana', lastName: 'Whitfield', email: 'dana.whitfield@demo.example.com', roleName: 'Admin' },
  { firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@demo.example.com', roleName: 'Advisor' },
  { firstName: 'Marcus', lastName: 'Bell', email: 'marcus.bell@demo.example.com', roleName: 'Advisor' },
  { firstName: 'Jordan', lastName: 'Kim', email: 'jordan.kim@demo.example.com', roleName: 'Analyst' },
  { firstName: 'Elena', lastName: 'Sokolova', email: 'elena.sokolova@demo.example.com', roleName: 'Analyst' },
  {
    firstName: 'Tom',
    lastName: 'Alvarez',
    email: 'tom.alvarez@demo.example.com',
    roleName: 'Client Viewer',
    clientKeys: ['cedar'],
  },
  {
    firstName: 'Grace',
    lastName: 'Okafor',
    email: 'grace.okafor@demo.example.com',
    roleName: 'Client Viewer',
    clientKeys: ['millbrook'],
  },
  {
    firstName: 'Sam',
    lastName: 'Whitaker',
    email: 'sam.whitaker@demo.example.com',
    roleName: 'Client Viewer',
    clientKeys: ['blueheron', 'tririver'],
  },
];

const ADMINS = ['morgan.ellis@demo.example.com', 'dana.whitfield@demo.example.com'] as const;
const JORDAN = 'jordan.kim@demo.example.com';
const ELENA = 'elena.sokolova@demo.example.com';

/**
 * Who each client is assigned to (by email): its advisors, both Admins and one Analyst, so every staff
 * role's first dashboard shows its clients, reports and maturing investments (issue 20 point 9).
 */
export const DEMO_ASSIGNMENTS: Record<string, readonly string[]> = {
  cedar: ['priya.raman@demo.example.com', ...ADMINS, JORDAN],
  portalder: ['priya.raman@demo.example.com', 'marcus.bell@demo.example.com', ...ADMINS, ELENA],
  millbrook: ['marcus.bell@demo.example.com', ...ADMINS, JORDAN],
  blueheron: ['priya.raman@demo.example.com', ...ADMINS, ELENA],
  tririver: ['marcus.bell@demo.example.com', ...ADMINS, JORDAN],
  northplains: ['priya.raman@demo.example.com', 'marcus.bell@demo.example.com', ...ADMINS, ELENA],
};
