// The webhook folder's public surface: the outbox's 'webhook' kind (src/server/plugins/integrations.ts).
export { webhooks } from './server';
export { webhookKind, WebhookTransport } from './target';
