// The webhook folder's public surface: the outbox's 'webhook' kind (src/server/plugins/integrations.ts).
export { webhooks } from './table';
export { webhookKind, WebhookTransport } from './target';
