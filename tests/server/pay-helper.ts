import type { FastifyInstance } from 'fastify';
import { hmacSha256 } from '../../src/server/lib/crypto';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/server/payments';

/**
 * The sandbox provider's notification of a payment (src/server/payments), posted to its callback
 * and signed as the sandbox signs it: with `secret`, else the app's own sandbox secret.
 */
export async function sandboxNotify(app: FastifyInstance, body: object, secret?: string) {
  const text = JSON.stringify(body);
  const key = secret ?? (await app.sandboxPay.secret());
  return app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: hmacSha256(key, text).toString('base64'),
    },
    payload: text,
  });
}
