import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/LoginScreen';

export const Route = createFileRoute('/login')({
  // With a token, /login goes to the site root (spec core 2).
  beforeLoad: ({ context }) => {
    if (context.session.getToken()) throw redirect({ to: '/', replace: true });
  },
  component: LoginScreen,
});
