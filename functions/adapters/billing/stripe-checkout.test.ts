import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeCheckout, StripeUnavailable, teamsPriceCents } from './stripe-checkout';

// A local stub of Stripe's REST API: each test queues the answers it should give and reads what
// the adapter sent (method, path, bearer key, form fields).

type Reply = { status: number; body: unknown };
let replies: Reply[] = [];
let received: Array<{ method: string; url: string; headers: IncomingMessage['headers']; form: URLSearchParams }> = [];
let server: Server;
let apiBase: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, form: new URLSearchParams(data) });
      const reply = replies.shift() ?? { status: 500, body: {} };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  replies = [];
  received = [];
});

const provider = (priceIds?: { monthly?: string; annual?: string }) => stripeCheckout({ apiBase, secretKey: async () => 'sk_test_stub', ...(priceIds ? { priceIds } : {}) });
const request = { organizationId: 'org_free', customerEmail: 'owner@free.example', plan: 'teams' as const, billingCycle: 'monthly' as const, successUrl: 'https://app.example/app/billing/success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'https://app.example/pricing' };

describe('Stripe Checkout adapter', () => {
  it('creates a subscription session with the Teams price, a 14-day trial and the organization', async () => {
    replies = [{ status: 200, body: { id: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1', status: 'open' } }];
    expect(await provider().createSession(request)).toEqual({ id: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1' });
    const sent = received[0]!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/checkout/sessions', headers: { authorization: 'Bearer sk_test_stub', 'content-type': 'application/x-www-form-urlencoded' } });
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'subscription',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: 'org_free',
      customer_email: 'owner@free.example',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '100000',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[trial_period_days]': '14',
      'metadata[organization_id]': 'org_free',
      'metadata[plan]': 'teams',
      'metadata[billing_cycle]': 'monthly',
    });
  });

  it('uses a configured price id, and prices annual billing at 12 × the discounted month', async () => {
    expect(teamsPriceCents('annual')).toEqual({ unitAmount: 850 * 12 * 100, interval: 'year' });
    replies = [{ status: 200, body: { id: 'cs_test_a2', url: 'https://checkout.stripe.com/x', status: 'open' } }];
    await provider({ annual: 'price_annual_1' }).createSession({ ...request, billingCycle: 'annual' });
    expect(received[0]!.form.get('line_items[0][price]')).toBe('price_annual_1');
    expect(received[0]!.form.has('line_items[0][price_data][unit_amount]')).toBe(false);
  });

  it('reads a session back: organization from metadata, status and cycle', async () => {
    replies = [{ status: 200, body: { id: 'cs_test_a1', status: 'complete', client_reference_id: 'org_free', customer_details: { email: 'owner@free.example' }, metadata: { organization_id: 'org_free', plan: 'teams', billing_cycle: 'annual' } } }];
    expect(await provider().getSession('cs_test_a1', 'org_free')).toEqual({ id: 'cs_test_a1', organizationId: 'org_free', plan: 'teams', billingCycle: 'annual', status: 'complete', customerEmail: 'owner@free.example' });
    expect(received[0]).toMatchObject({ method: 'GET', url: '/v1/checkout/sessions/cs_test_a1', headers: { authorization: 'Bearer sk_test_stub' } });
  });

  it('answers no session for an unknown id or a session that is not for a Teams plan', async () => {
    replies = [{ status: 404, body: { error: { message: 'No such checkout.session' } } }, { status: 200, body: { id: 'cs_test_x', status: 'complete', metadata: {} } }];
    expect(await provider().getSession('cs_test_missing', 'org_free')).toBeUndefined();
    expect(await provider().getSession('cs_test_x', 'org_free')).toBeUndefined();
  });

  it('turns a refusal or an unreachable Stripe into a 502, never a 500', async () => {
    replies = [{ status: 401, body: { error: { message: 'Invalid API Key' } } }];
    await expect(provider().createSession(request)).rejects.toMatchObject({ status: 502 });
    const down = stripeCheckout({ apiBase: 'http://127.0.0.1:1', secretKey: async () => 'sk' });
    await expect(down.getSession('cs_test_a1', 'org_free')).rejects.toBeInstanceOf(StripeUnavailable);
  });
});
