import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/map/')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
