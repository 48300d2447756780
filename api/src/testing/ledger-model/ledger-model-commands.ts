import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { deliver, signedRefund } from '../../billing/testing/stripe-events';
import { generate, portalAction, viewAccount } from '../account-probe';
import { HttpClient } from '../http-client';
import type { ScriptedOutcome, ScriptedProvider } from '../scripted-provider';
import type { TestApp } from '../test-app';
import { GENERATION_COST, ModelAccount, type PaidPlan } from './reference-model';

// The commands of the model-based test: each runs against the real API over HTTP and against the
// reference model, then checks that REST, GraphQL and the credit history show the model's balance.

export interface LedgerWorld {
  app: TestApp;
  provider: ScriptedProvider;
  staff: HttpClient;
  webhookSecret: string;
  operatorToken: string;
  accounts: RealAccount[];
  /** Commands run so far (all runs), for the summary. */
  executed: string[];
}

export interface RealAccount {
  client: HttpClient;
  userId: string;
  email: string;
  /** Model invoice name → the real invoice's payment intent. */
  invoices: Map<string, string>;
  knownInvoices: Set<string>;
  openCheckout: { url: string; plan: PaidPlan } | null;
}

export interface LedgerModel {
  accounts: ModelAccount[];
}

type LedgerCommand = fc.AsyncCommand<LedgerModel, LedgerWorld>;

const MAX_ACCOUNTS = 3;

async function verify(world: LedgerWorld, model: LedgerModel, index: number) {
  const real = world.accounts[index]!;
  const expected = model.accounts[index]!;
  await world.app.settleUser(real.userId);
  const view = await viewAccount(real.client);
  const want = expected.available;
  expect({
    rest: view.rest,
    graphql: view.graphql,
    history: view.history,
    held: view.held,
  }).toEqual({ rest: want, graphql: want, history: want, held: 0 });
}

/** New invoices of a user since the last look, oldest period first (period end = the lot's expiry). */
async function newInvoices(world: LedgerWorld, real: RealAccount) {
  const result = await world.app.database.pool.query<{
    invoice_id: string;
    payment_intent_id: string;
    period_end: Date;
  }>(
    `SELECT invoice_id, payment_intent_id, period_end FROM billing_invoices WHERE user_id = $1
     ORDER BY period_start, paid_at, invoice_id`,
    [real.userId],
  );
  const fresh = result.rows.filter((row) => !real.knownInvoices.has(row.invoice_id));
  for (const row of fresh) real.knownInvoices.add(row.invoice_id);
  return fresh;
}

const advance = (world: LedgerWorld, email: string) =>
  fetch(`${world.app.url}/internal/operator/admin/advance-subscription`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

abstract class AccountCommand implements LedgerCommand {
  constructor(readonly index: number) {}
  check(model: Readonly<LedgerModel>) {
    return this.index < model.accounts.length;
  }
  async run(model: LedgerModel, world: LedgerWorld) {
    world.executed.push(this.toString());
    await this.apply(model.accounts[this.index]!, world.accounts[this.index]!, world);
    await verify(world, model, this.index);
  }
  abstract apply(model: ModelAccount, real: RealAccount, world: LedgerWorld): Promise<void>;
  abstract toString(): string;
}

export class Register implements LedgerCommand {
  check(model: Readonly<LedgerModel>) {
    return model.accounts.length < MAX_ACCOUNTS;
  }
  async run(model: LedgerModel, world: LedgerWorld) {
    world.executed.push(this.toString());
    const label = randomUUID().slice(0, 8);
    const client = new HttpClient(world.app.url);
    const email = `model-${label}@example.com`;
    const response = await client.json('/api/auth/register', {
      email,
      password: 'password-1',
      username: `model_${label}`,
    });
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    model.accounts.push(new ModelAccount(label));
    world.accounts.push({
      client,
      userId: user.id,
      email,
      invoices: new Map(),
      knownInvoices: new Set(),
      openCheckout: null,
    });
    await verify(world, model, model.accounts.length - 1);
  }
  toString() {
    return 'register';
  }
}

const generationIdOf = (url: string | undefined) => url!.split('/')[3]!;

class Generate extends AccountCommand {
  constructor(
    index: number,
    readonly outcome: Exclude<ScriptedOutcome, 'gate'>,
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    world.provider.outcomeFor = () => this.outcome;
    const answer = await generate(real.client);
    const hold = model.hold('pending');
    if (!hold) {
      expect(answer.status).toBe(402);
      return;
    }
    if (this.outcome === 'succeed') {
      expect(answer.status).toBe(200);
      hold.id = generationIdOf(answer.body.url);
      model.capture(hold.id);
    } else {
      expect(answer.status).toBe(502);
      if (this.outcome === 'timeout')
        expect(answer.body.message).toMatch(/^The image took too long/);
      model.release('pending');
    }
  }
  toString() {
    return `generate(${this.index}, ${this.outcome})`;
  }
}

class Grant extends AccountCommand {
  constructor(
    index: number,
    readonly amount: number,
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    const response = await world.staff.json(`/api/staff/users/${real.userId}/credits`, {
      amount: this.amount,
      reason: 'Model-based test goodwill',
    });
    expect(response.status).toBe(201);
    model.grant(`grant-${randomUUID()}`, this.amount);
  }
  toString() {
    return `grant(${this.index}, ${this.amount})`;
  }
}

class SupportRefund extends AccountCommand {
  async apply(model: ModelAccount, _real: RealAccount, world: LedgerWorld) {
    const generationId = model.refundSpend();
    if (!generationId) return;
    const result = await world.staff.graphql(
      'mutation ($id: ID!) { staffRefundGeneration(input: { generationId: $id, reason: "Model-based test refund" }) { credits } }',
      { id: generationId },
    );
    expect(result.errors).toBeUndefined();
  }
  toString() {
    return `supportRefund(${this.index})`;
  }
}

class Checkout extends AccountCommand {
  constructor(
    index: number,
    readonly plan: PaidPlan,
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount) {
    const response = await real.client.json('/api/create-subscription', { planId: this.plan });
    if (model.subscription) {
      expect(response.status).toBe(409);
      expect((await response.json()).message).toMatch(/Manage Subscription/);
      return;
    }
    expect(response.status).toBe(200);
    real.openCheckout = { url: ((await response.json()) as { url: string }).url, plan: this.plan };
  }
  toString() {
    return `checkout(${this.index}, ${this.plan})`;
  }
}

class Pay extends AccountCommand {
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    const checkout = real.openCheckout;
    if (!checkout) return;
    real.openCheckout = null;
    const response = await real.client.fetch(`${checkout.url}/pay`, { method: 'POST' });
    if (model.subscription) {
      expect(response.status).toBe(409);
      return;
    }
    expect(response.status).toBe(303);
    const [invoice] = await newInvoices(world, real);
    const name = model.subscribe(checkout.plan, invoice!.period_end.getTime());
    real.invoices.set(name, invoice!.payment_intent_id);
  }
  toString() {
    return `pay(${this.index})`;
  }
}

class Portal extends AccountCommand {
  constructor(
    index: number,
    readonly action: 'cancel' | 'resume' | 'switch',
    readonly plan?: PaidPlan,
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    const status = await portalAction(real.client, this.action, this.plan);
    if (!model.subscription) {
      expect(status).toBe(409);
      return;
    }
    expect(status).toBe(303);
    if (this.action !== 'switch') {
      model.setCancelAtPeriodEnd(this.action === 'cancel');
      return;
    }
    const name = model.switchPlan(this.plan!);
    if (name) {
      const [invoice] = await newInvoices(world, real);
      real.invoices.set(name, invoice!.payment_intent_id);
    }
  }
  toString() {
    return `portal(${this.index}, ${this.action}${this.plan ? `, ${this.plan}` : ''})`;
  }
}

/** advance-subscription, `times` calls at once (one call is the plain renewal). */
class Renew extends AccountCommand {
  constructor(
    index: number,
    readonly times: number,
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    const answers = await Promise.all(
      Array.from({ length: this.times }, async () => {
        const response = await advance(world, real.email);
        return { status: response.status, body: (await response.json()) as { outcome?: string } };
      }),
    );
    if (!model.subscription) {
      expect(answers.every((a) => a.status === 409)).toBe(true);
      return;
    }
    const outcomes = answers.map((a) => a.body.outcome);
    if (model.subscription.cancelAtPeriodEnd) {
      expect(outcomes.filter((o) => o === 'ended')).toHaveLength(1);
      model.end();
      return;
    }
    const renewed = outcomes.filter((o) => o === 'renewed').length;
    expect(renewed).toBeGreaterThanOrEqual(1);
    expect(renewed + outcomes.filter((o) => o === 'already renewed').length).toBe(this.times);
    const invoices = await newInvoices(world, real);
    expect(invoices).toHaveLength(renewed);
    for (const invoice of invoices) {
      real.invoices.set(model.renew(invoice.period_end.getTime()), invoice.payment_intent_id);
    }
  }
  toString() {
    return `renew(${this.index}${this.times > 1 ? `, ${this.times} at once` : ''})`;
  }
}

async function refundPayment(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
  const invoice = model.refundPayment();
  if (!invoice) return;
  const delivery = signedRefund(real.invoices.get(invoice)!, world.webhookSecret);
  const response = await deliver(world.app.url, delivery);
  expect(await response.json()).toEqual({ received: true, outcome: 'processed' });
}

class PaymentRefund extends AccountCommand {
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    await refundPayment(model, real, world);
  }
  toString() {
    return `paymentRefund(${this.index})`;
  }
}

/** A generation held open while the account changes under it, then it fails or succeeds. */
class DuringHold extends AccountCommand {
  constructor(
    index: number,
    readonly during: 'payment refund' | 'renew' | 'upgrade' | 'grant',
    readonly then: 'succeed' | 'fail',
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    if (model.available < GENERATION_COST) return;
    world.provider.outcomeFor = () => 'gate';
    const waiting = world.provider.waiting;
    const running = generate(real.client);
    for (let waited = 0; world.provider.waiting === waiting; waited += 20) {
      if (waited > 20_000) throw new Error('the generation never reached the image service');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const hold = model.hold('pending')!;
    if (this.during === 'payment refund') await refundPayment(model, real, world);
    else if (this.during === 'renew') await new Renew(this.index, 1).apply(model, real, world);
    else if (this.during === 'upgrade')
      await new Portal(this.index, 'switch', 'ultra').apply(model, real, world);
    else await new Grant(this.index, 3).apply(model, real, world);
    world.provider.open(this.then);
    const answer = await running;
    if (this.then === 'succeed') {
      expect(answer.status).toBe(200);
      hold.id = generationIdOf(answer.body.url);
      model.capture(hold.id);
    } else {
      expect(answer.status).toBe(502);
      model.release('pending');
    }
  }
  toString() {
    return `duringHold(${this.index}, ${this.during}, then ${this.then})`;
  }
}

/** Several generations of one user at once: each that wins costs 5, the rest are refused. */
class ConcurrentGenerations extends AccountCommand {
  constructor(
    index: number,
    readonly count: number,
  ) {
    super(index);
  }
  async apply(model: ModelAccount, real: RealAccount, world: LedgerWorld) {
    world.provider.outcomeFor = () => 'succeed';
    const before = model.available;
    const answers = await Promise.all(
      Array.from({ length: this.count }, () => generate(real.client)),
    );
    const won = answers.filter((a) => a.status === 200);
    for (const answer of answers) expect([200, 402, 429]).toContain(answer.status);
    expect(won.length).toBeLessThanOrEqual(Math.floor(before / GENERATION_COST));
    if (before >= GENERATION_COST * this.count && this.count <= 2)
      expect(won).toHaveLength(this.count);
    if (before >= GENERATION_COST) expect(won.length).toBeGreaterThanOrEqual(1);
    for (const answer of won) {
      const id = generationIdOf(answer.body.url);
      model.hold(id);
      model.capture(id);
    }
  }
  toString() {
    return `concurrentGenerations(${this.index}, ${this.count})`;
  }
}

const plan = fc.constantFrom<PaidPlan>('pro', 'ultra');

/** The command arbitraries; indexes past the accounts registered so far are skipped by `check`. */
export function ledgerCommands(maxCommands: number) {
  const account = fc.integer({ min: 0, max: MAX_ACCOUNTS - 1 });
  const arbitraries: fc.Arbitrary<LedgerCommand>[] = [
    fc.constant(new Register()),
    fc.constant(new Register()),
    fc
      .tuple(
        account,
        fc.constantFrom<Exclude<ScriptedOutcome, 'gate'>>(
          'succeed',
          'succeed',
          'succeed',
          'fail',
          'fail',
          'timeout',
        ),
      )
      .map(([i, outcome]) => new Generate(i, outcome)),
    fc.tuple(account, fc.integer({ min: 1, max: 40 })).map(([i, amount]) => new Grant(i, amount)),
    account.map((i) => new SupportRefund(i)),
    fc.tuple(account, plan).map(([i, p]) => new Checkout(i, p)),
    account.map((i) => new Pay(i)),
    account.map((i) => new Pay(i)),
    fc.tuple(account, plan).map(([i, p]) => new Portal(i, 'switch', p)),
    account.map((i) => new Portal(i, 'cancel')),
    account.map((i) => new Portal(i, 'resume')),
    fc.tuple(account, fc.constantFrom(1, 1, 1, 4)).map(([i, times]) => new Renew(i, times)),
    account.map((i) => new PaymentRefund(i)),
    fc
      .tuple(
        account,
        fc.constantFrom<DuringHold['during']>('payment refund', 'renew', 'upgrade', 'grant'),
        fc.constantFrom<DuringHold['then']>('succeed', 'fail'),
      )
      .map(([i, during, then]) => new DuringHold(i, during, then)),
    fc
      .tuple(account, fc.integer({ min: 2, max: 3 }))
      .map(([i, count]) => new ConcurrentGenerations(i, count)),
  ];
  return fc.commands(arbitraries, { maxCommands, size: 'max' });
}
