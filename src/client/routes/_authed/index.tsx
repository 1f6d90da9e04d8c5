import { createFileRoute, redirect } from '@tanstack/react-router';

// The root (title: home) opens the first menu entry (docs/requirements/screens-and-routes.md#access-gating).
export const Route = createFileRoute('/_authed/')({
  beforeLoad: ({ context }) => {
    throw redirect({ href: context.session.landingPath(), replace: true });
  },
});
