import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/shell/AdminLayout';

export const Route = createFileRoute('/_authed/_admin')({
  component: AdminLayout,
});
