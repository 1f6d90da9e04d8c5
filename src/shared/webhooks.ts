// What the webhook routes answer beyond the registry's rows (src/entities/webhook/routes.ts), for the console's deliveries view.

/** One delivery as the deliveries screen shows it. */
export interface WebhookDelivery {
  id: number;
  eventId: string;
  eventType: string;
  /** 0 pending, 1 delivered, 2 failed (OUTBOX_STATE). */
  state: number;
  attempts: number;
  status: number | null;
  durationMs: number | null;
  excerpt: string | null;
  createdAt: string;
  lastAt: string | null;
  nextAt: string;
  deliveredAt: string | null;
}

/** The outcome of a delivery made now (test event, send again). */
export interface WebhookSendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
}
