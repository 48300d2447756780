import type { Role } from '../../../gql/graphql';

export type AdminSectionId = 'users' | 'inbox' | 'gifts' | 'finance' | 'operations';

export type AdminSection = {
  id: AdminSectionId;
  label: string;
  /** Any of these roles opens the section; ADMIN opens every one (as on the server). */
  roles: readonly Role[];
};

/** The console's sections and who may see them (the server checks the same rules). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'users', label: 'Users', roles: ['SUPPORT', 'FINANCE'] },
  { id: 'inbox', label: 'Inbox', roles: ['SUPPORT'] },
  { id: 'gifts', label: 'Gifts', roles: ['SUPPORT', 'FINANCE'] },
  { id: 'finance', label: 'Finance', roles: ['FINANCE'] },
  { id: 'operations', label: 'Operations', roles: ['ADMIN'] },
];

/** Like the server's `hasRole`: the role itself, or admin. */
export const hasStaffPower = (roles: readonly Role[], role: Role): boolean =>
  roles.includes(role) || roles.includes('ADMIN');

export const isStaff = (roles: readonly Role[]): boolean =>
  roles.some((role) => role === 'SUPPORT' || role === 'FINANCE' || role === 'ADMIN');

export const sectionsFor = (roles: readonly Role[]): AdminSection[] =>
  ADMIN_SECTIONS.filter((section) => section.roles.some((role) => hasStaffPower(roles, role)));

/** The section asked for in the address when the viewer may see it, else their first one. */
export const resolveSection = (
  roles: readonly Role[],
  requested: string | null,
): AdminSectionId | null => {
  const sections = sectionsFor(roles);
  return (sections.find((section) => section.id === requested) ?? sections[0])?.id ?? null;
};

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  SUPPORT: 'Support',
  FINANCE: 'Finance',
  ADMIN: 'Admin',
};
