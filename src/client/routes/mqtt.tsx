import { createFileRoute } from '@tanstack/react-router';
import { MqttScreen } from '../features/mqtt/MqttScreen';

// Pre-login route of docs/requirements/screens-and-routes.md#pre-login-routes: no session needed, one is used when present.
export const Route = createFileRoute('/mqtt')({
  component: MqttScreen,
});
