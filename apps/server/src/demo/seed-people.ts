import { PERMISSIONS, UserInputSchema } from '@tideline/contracts';
import type { Db } from '../db/open-database';
import type { AuthService } from '../modules/auth/auth.service';
import { listRoleOptions } from '../modules/roles/roles.service';
import { createUserEdits } from '../modules/users/user-edits.service';
import type { CurrentUser } from '../platform/access/route-access';
import type { AuditContext } from '../platform/audit/write-audit';
import { extractLinks, type Mailer } from '../platform/mail/mailer';
import { DEMO_USERS } from './demo-people';

/** Who the seed acts as: a system administrator (audit rows name it by the context's actorEmail). */
export const DEMO_ACTOR: CurrentUser = {
  userId: 0,
  email: 'seed-demo',
  firstName: 'Demo',
  lastName: 'Seed',
  roleId: 0,
  roleName: 'Admin',
  permList: [...PERMISSIONS],
  isClientScoped: false,
  clientIds: [],
};

/** A mailer that keeps the invitation links instead of sending them: the CLI prints them. */
export function createInvitationCollector() {
  const links = new Map<string, string>();
  const mailer: Mailer = {
    async send(message) {
      const link = extractLinks(message.text)[0];
      if (link) links.set(message.to.toLowerCase(), link);
    },
  };
  return { mailer, linkOf: (email: string) => links.get(email.toLowerCase()) ?? null };
}

export type InvitationCollector = ReturnType<typeof createInvitationCollector>;

export interface Invitation {
  email: string;
  name: string;
  roleName: string;
  link: string | null;
}

/**
 * The demo users, invited through user management (createUser: rules, audit row, invitation). Staff
 * first, so clients can be assigned to advisors; Client Viewers once their clients exist.
 */
export async function seedUsers(
  deps: { db: Db; auth: AuthService; invitations: InvitationCollector; publicUrl: string },
  ctx: AuditContext,
  which: 'staff' | 'client-viewers',
  clientIds: ReadonlyMap<string, number> = new Map(),
): Promise<Map<string, { userId: number; invitation: Invitation }>> {
  const edits = createUserEdits({
    db: deps.db,
    auth: deps.auth,
    mailer: deps.invitations.mailer,
    publicUrl: deps.publicUrl,
  });
  const roleIds = new Map((await listRoleOptions(deps.db)).map((r) => [r.roleName, r.roleId]));
  const created = new Map<string, { userId: number; invitation: Invitation }>();
  for (const person of DEMO_USERS) {
    if ((person.roleName === 'Client Viewer') !== (which === 'client-viewers')) continue;
    const input = UserInputSchema.parse({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      roleId: roleIds.get(person.roleName),
      clientAssociation: (person.clientKeys ?? []).map((key) => clientIds.get(key)!),
    });
    const user = await edits.createUser(DEMO_ACTOR, input, ctx);
    created.set(person.email, {
      userId: user.userId,
      invitation: {
        email: person.email,
        name: `${person.firstName} ${person.lastName}`,
        roleName: person.roleName,
        link: deps.invitations.linkOf(person.email),
      },
    });
  }
  return created;
}
