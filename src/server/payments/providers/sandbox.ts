import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fenToYuan } from '../../../shared/payments';
import { paySandboxOrders } from '../../../entities/payment/table';
import type { Db } from '../../db/driver';
import { hmacSha256, newToken, safeEqual } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';
import { settingOrCreate } from '../../repos/settings';
import {
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderState,
  type RawCallback,
} from '../types';

/** The header the sandbox signs its callbacks in: base64 HMAC-SHA256 of the exact body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/**
 * The pay page's script (served from /api/pay/sandbox/pay.js, so the CSP's script-src 'self' covers
 * it): a button posts its action with the console's session token from local storage (the key
 * `token`, src/client/lib/session.ts) in Authorization, as the console's own requests do, then
 * goes where the answer says; a refusal shows its message. The token never goes into a URL.
 */
export const SANDBOX_PAGE_SCRIPT = `(function () {
  var main = document.querySelector('main[data-order]');
  var note = document.getElementById('pay-error');
  if (!main) return;
  var orderNo = main.getAttribute('data-order');
  var buttons = document.querySelectorAll('button[data-action]');
  function busy(on) {
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = on;
  }
  function press(action) {
    var token = null;
    try { token = localStorage.getItem('token'); } catch (e) { token = null; }
    busy(true);
    note.textContent = '';
    fetch('/api/pay/sandbox/' + encodeURIComponent(orderNo) + '/' + action, {
      method: 'POST',
      headers: token ? { authorization: token } : {},
      credentials: 'same-origin',
    })
      .then(function (res) { return res.json(); })
      .then(function (answer) {
        if (answer && answer.code === 0 && answer.data && answer.data.back) {
          window.location.assign(answer.data.back);
          return;
        }
        note.textContent = (answer && answer.msg) || '支付失败 · Failed';
        busy(false);
      })
      .catch(function () {
        note.textContent = '网络错误 · Network error';
        busy(false);
      });
  }
  for (var i = 0; i < buttons.length; i++)
    buttons[i].addEventListener('click', function (event) {
      press(event.currentTarget.getAttribute('data-action'));
    });
  // The page comes with its buttons disabled: a press before this script ran would do nothing.
  busy(false);
})();
`;

/** Posts a callback to one of this service's own paths (real HTTP to itself when listening). */
export type Deliver = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

interface SandboxOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where pay pages are published ('' keeps them relative: same origin as the console). */
  publicBase: string;
  /** PAY_SANDBOX_SECRET; unset: generated once and kept in settings, so every replica shares it. */
  secret?: string;
  deliver: Deliver;
}

type Ledger = typeof paySandboxOrders.$inferSelect;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The path part of one of our own URLs (redirects stay on whatever host the payer uses). */
function localPath(url: string): string {
  try {
    const u = new URL(url, 'http://local.invalid');
    return `${u.pathname}${u.search}`;
  } catch {
    return '/map/paypal';
  }
}

/**
 * The local sandbox provider (method 'sandbox', always configured; docs/payments.md). It behaves
 * like a real one: it keeps its own ledger of the orders it was given (pay_sandbox_orders, so its
 * query answers truthfully on any replica), shows the payer a pay page of its own
 * (/api/pay/sandbox/<orderNo>) and, when the payer pays, posts a signed notification to
 * /api/pay/notify/sandbox over HTTP, the route real providers use.
 */
export class SandboxProvider implements PaymentProvider {
  readonly method = 'sandbox' as const;
  /** Test switch: record payments but "forget" to send their callbacks (reconcile must find them). */
  forgetCallbacks = false;
  private secretValue: Promise<string> | undefined;

  constructor(private readonly opts: SandboxOptions) {}

  secret(): Promise<string> {
    return (this.secretValue ??= this.opts.secret
      ? Promise.resolve(this.opts.secret)
      : settingOrCreate(this.opts.db, 'payments.sandboxSecret', newToken));
  }

  async sign(body: string): Promise<string> {
    return hmacSha256(await this.secret(), body).toString('base64');
  }

  private now() {
    return new Date(this.opts.clock.now());
  }

  async ledger(orderNo: string): Promise<Ledger | undefined> {
    const [row] = await this.opts.db.select().from(paySandboxOrders).where(eq(paySandboxOrders.orderNo, orderNo));
    return row;
  }

  async create(order: ProviderOrder): Promise<ProviderCheckout> {
    const tradeNo = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
    const row = {
      orderNo: order.orderNo,
      subject: order.subject,
      amountFen: order.amountFen,
      currency: order.currency,
      notifyUrl: order.notifyUrl,
      returnUrl: order.returnUrl,
      expiresAt: order.expiresAt,
      tradeNo,
      state: 'unpaid',
    };
    await this.opts.db
      .insert(paySandboxOrders)
      .values(row)
      .onConflictDoUpdate({ target: paySandboxOrders.orderNo, set: row });
    return {
      payUrl: `${this.opts.publicBase}/api/pay/sandbox/${encodeURIComponent(order.orderNo)}`,
      providerRef: tradeNo,
    };
  }

  async query(orderNo: string): Promise<ProviderState> {
    const row = await this.ledger(orderNo);
    if (!row) return { state: 'unpaid' };
    const state =
      row.state === 'paid'
        ? 'paid'
        : row.state === 'failed'
          ? 'failed'
          : row.state === 'closed'
            ? 'closed'
            : row.state === 'refunded'
              ? 'refunded'
              : 'unpaid';
    return { state, amountFen: row.amountFen, providerRef: row.tradeNo, paidAt: row.paidAt ?? undefined };
  }

  async refund(req: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
  }): Promise<{ state: 'refunded' | 'failed'; providerRef?: string }> {
    const [row] = await this.opts.db
      .update(paySandboxOrders)
      .set({
        refundedFen: sql`${paySandboxOrders.refundedFen} + ${req.amountFen}`,
        state: sql`case when ${paySandboxOrders.refundedFen} + ${req.amountFen} >= ${paySandboxOrders.amountFen} then 'refunded' else 'paid' end`,
      })
      .where(
        and(
          eq(paySandboxOrders.orderNo, req.orderNo),
          eq(paySandboxOrders.state, 'paid'),
          sql`${paySandboxOrders.refundedFen} + ${req.amountFen} <= ${paySandboxOrders.amountFen}`,
        ),
      )
      .returning();
    return row ? { state: 'refunded', providerRef: req.refundNo } : { state: 'failed' };
  }

  async close(orderNo: string): Promise<void> {
    await this.opts.db
      .update(paySandboxOrders)
      .set({ state: 'closed' })
      .where(and(eq(paySandboxOrders.orderNo, orderNo), eq(paySandboxOrders.state, 'unpaid')));
  }

  async verifyCallback(callback: RawCallback): Promise<ProviderNotification> {
    const header = callback.headers[SANDBOX_SIGNATURE_HEADER];
    const presented = typeof header === 'string' ? Buffer.from(header, 'base64') : Buffer.alloc(0);
    const expected = hmacSha256(await this.secret(), callback.rawBody);
    if (!presented.length || !safeEqual(presented, expected))
      throw new PaymentSignatureError('sandbox callback signature missing or wrong');
    const body = JSON.parse(callback.rawBody) as {
      orderNo: string;
      tradeNo: string;
      state: ProviderState['state'];
      amountFen: number;
      paidAt?: string;
    };
    return {
      orderNo: body.orderNo,
      state: body.state,
      amountFen: body.amountFen,
      providerRef: body.tradeNo,
      paidAt: body.paidAt ? new Date(body.paidAt) : undefined,
    };
  }

  callbackAnswer(ok: boolean) {
    return {
      status: ok ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify(ok ? { code: 'SUCCESS' } : { code: 'FAIL', message: 'refused' }),
    };
  }

  /** Sends the signed notification of the ledger row's state, as the "provider" would. */
  async notify(row: Ledger): Promise<boolean> {
    const body = JSON.stringify({
      orderNo: row.orderNo,
      tradeNo: row.tradeNo,
      state: row.state,
      amountFen: row.amountFen,
      paidAt: row.paidAt?.toISOString(),
      sentAt: this.now().toISOString(),
    });
    try {
      const res = await this.opts.deliver(localPath(row.notifyUrl), body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: await this.sign(body),
      });
      if (res.status !== 200)
        this.opts.log.warn(
          { orderNo: row.orderNo, status: res.status, body: res.body.slice(0, 200) },
          'sandbox callback refused',
        );
      return res.status === 200;
    } catch (err) {
      // As a real provider would, the sandbox gives up here; reconcile's query finds the payment.
      this.opts.log.warn({ err, orderNo: row.orderNo }, 'sandbox callback not delivered');
      return false;
    }
  }

  /**
   * The payer pressed a button on the pay page: 'pay' records the payment and notifies, 'fail'
   * records a failed attempt and notifies, 'cancel' only goes back. Answers where the browser goes.
   */
  async act(orderNo: string, action: 'pay' | 'fail' | 'cancel'): Promise<string | undefined> {
    const row = await this.ledger(orderNo);
    if (!row) return undefined;
    const back = localPath(row.returnUrl);
    if (action === 'cancel') return back;
    const [moved] = await this.opts.db
      .update(paySandboxOrders)
      .set(action === 'pay' ? { state: 'paid', paidAt: this.now() } : { state: 'failed' })
      .where(
        and(
          eq(paySandboxOrders.orderNo, orderNo),
          eq(paySandboxOrders.state, 'unpaid'),
          gt(paySandboxOrders.expiresAt, this.now()),
        ),
      )
      .returning();
    if (moved && !this.forgetCallbacks) await this.notify(moved);
    return back;
  }

  /**
   * The sandbox's own pay page (plain HTML and CSS; its buttons run SANDBOX_PAGE_SCRIPT, which
   * acts with the payer's console session).
   */
  async page(orderNo: string): Promise<string | undefined> {
    const row = await this.ledger(orderNo);
    if (!row) return undefined;
    const expired = row.state === 'unpaid' && row.expiresAt <= this.now();
    const stateText: Record<string, string> = {
      paid: '已支付 · Paid',
      failed: '支付失败 · Failed',
      closed: '已关闭 · Closed',
      refunded: '已退款 · Refunded',
    };
    const actions =
      row.state === 'unpaid' && !expired
        ? `<button class="pay" type="button" data-action="pay" disabled>支付 · Pay</button>
      <div class="row">
        <button class="fail" type="button" data-action="fail" disabled>模拟失败 · Simulate failure</button>
        <button class="cancel" type="button" data-action="cancel" disabled>取消 · Cancel</button>
      </div>`
        : `<p class="state">${esc(expired ? '已过期 · Expired' : (stateText[row.state] ?? row.state))}</p>
      <button class="cancel" type="button" data-action="cancel" disabled>返回 · Back</button>`;
    return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱支付 · Sandbox payment</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f0f2f5; color: #1f2329; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgba(0,0,0,.08); padding: 28px; }
  .brand { font-size: 13px; color: #8a919f; letter-spacing: .04em; }
  h1 { font-size: 18px; margin: 6px 0 20px; }
  .amount { font-size: 36px; font-weight: 600; margin: 8px 0; }
  .amount small { font-size: 18px; margin-right: 4px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; font-size: 14px; margin: 20px 0; }
  dt { color: #8a919f; } dd { margin: 0; word-break: break-all; }
  button { width: 100%; border: 0; border-radius: 8px; padding: 12px; font-size: 16px; cursor: pointer; }
  button:disabled { opacity: .6; cursor: default; }
  .pay { background: #1677ff; color: #fff; margin-bottom: 10px; }
  .row { display: flex; gap: 10px; } .row button { flex: 1; }
  .error { color: #cf1322; font-size: 14px; text-align: center; min-height: 1em; }
  .fail { background: #fff1f0; color: #cf1322; } .cancel { background: #f5f5f5; color: #1f2329; }
  .state { font-size: 16px; font-weight: 600; text-align: center; margin: 16px 0; }
  .note { font-size: 12px; color: #8a919f; margin-top: 18px; }
</style>
</head>
<body>
<main data-order="${esc(row.orderNo)}">
  <div class="brand">沙箱支付 · SANDBOX PAY</div>
  <h1>${esc(row.subject)}</h1>
  <div class="amount"><small>¥</small>${fenToYuan(row.amountFen)}</div>
  <dl>
    <dt>订单号 · Order</dt><dd>${esc(row.orderNo)}</dd>
    <dt>交易号 · Trade</dt><dd>${esc(row.tradeNo)}</dd>
    <dt>币种 · Currency</dt><dd>${esc(row.currency)}</dd>
  </dl>
  ${actions}
  <p class="error" id="pay-error" role="alert"></p>
  <noscript><p class="error">请启用 JavaScript · Please enable JavaScript</p></noscript>
  <p class="note">这是本地沙箱支付页，不会产生真实扣款。· This is the local sandbox: no real money moves.</p>
</main>
<script src="/api/pay/sandbox/pay.js"></script>
</body>
</html>`;
  }
}
