import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/LoginScreen';

export const Route = createFileRoute('/login')({
  // With a token, /login goes to the site root (docs/requirements/screens-and-routes.md#access-gating).
  beforeLoad: ({ context }) => {
    if (context.session.getToken()) throw redirect({ to: '/', replace: true });
  },
  component: LoginScreen,
});
