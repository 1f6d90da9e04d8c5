import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../types';
import { AlipayProvider } from './alipay';
import { PaypalProvider } from './paypal';
import type { PaymentSettings } from '../../lib/payment-settings';
import { WechatPayProvider } from './wechat';

/**
 * The real providers whose keys are set (WeChat Pay v3, Alipay, PayPal); the local sandbox is
 * added by the payment service itself. config.ts already checked the keys (settings.ts, its `payments`), so a bad
 * key stops the start with one line before this runs.
 */
export function realProviders(settings: PaymentSettings, log: FastifyBaseLogger): PaymentProvider[] {
  const out: PaymentProvider[] = [];
  const { wechat, alipay, paypal } = settings;
  if (wechat) {
    out.push(new WechatPayProvider(wechat));
    log.info({ mchid: wechat.mchid, baseUrl: wechat.baseUrl }, 'payments: WeChat Pay v3 (Native) is on');
  }
  if (alipay) {
    out.push(new AlipayProvider(alipay));
    log.info({ appId: alipay.appId, gateway: alipay.gateway }, 'payments: Alipay (page pay) is on');
  }
  if (paypal) {
    out.push(new PaypalProvider(paypal));
    log.info({ baseUrl: paypal.baseUrl, currency: paypal.currency }, 'payments: PayPal (Orders v2) is on');
    if (!paypal.webhookId)
      log.warn(
        'payments: PAYPAL_WEBHOOK_ID is not set: PayPal webhooks are refused, payments are captured when the payer returns or the reconcile job asks',
      );
  }
  return out;
}
