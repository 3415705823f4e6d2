import type { DemoConfig } from '../../../shared/schemas/session';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORDS } from '../../domain/demo/demo-directory';
import { defineRoute } from '../define-route';

// Demo mode only (the route is demoOnly: 404 otherwise).
export const handler = defineRoute({}, async () => {
  const body: DemoConfig = {
    success: true,
    passwords: { ...DEMO_PASSWORDS },
    organizations: DEMO_ORGANIZATIONS.map((org) => ({
      id: org.id,
      name: org.name,
      type: org.type,
      users: org.users.map((u) => ({
        email: u.email,
        name: `${u.firstName} ${u.lastName}`,
        role: u.role,
        title: u.title,
        passwordType: u.passwordType,
      })),
    })),
  };
  return { body };
});
