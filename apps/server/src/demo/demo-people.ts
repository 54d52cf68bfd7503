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

/** Which advisors each client is assigned to (by email). */
export const DEMO_ASSIGNMENTS: Record<string, readonly string[]> = {
  cedar: ['priya.raman@demo.example.com'],
  portalder: ['priya.raman@demo.example.com', 'marcus.bell@demo.example.com'],
  millbrook: ['marcus.bell@demo.example.com'],
  blueheron: ['priya.raman@demo.example.com'],
  tririver: ['marcus.bell@demo.example.com'],
  northplains: ['priya.raman@demo.example.com', 'marcus.bell@demo.example.com'],
};
