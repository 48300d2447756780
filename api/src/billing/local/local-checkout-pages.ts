import { randomUUID } from 'node:crypto';
import type { CreditPack } from '../packs';
import type { Plan } from '../plans';
import type { LocalSubscription } from './stripe-objects';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

// The embedded checkout looks like a payment page, says plainly that no card is charged, and uses
// the web app's colours so the hand-off does not feel foreign.
/** The pages' one inline style sheet; the CSP allows exactly it by its hash. */
export const LOCAL_CHECKOUT_CSS = `
  :root { color-scheme: light; --ink: #1f1a17; --muted: #5c534d; --paper: #fffaf3; --card: #ffffff; --primary: #c2410c; --line: #e8ddd0; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
  main { max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 1rem; padding: 1.5rem; box-shadow: 0 10px 30px rgb(120 60 20 / 0.08); }
  h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
  .muted { color: var(--muted); font-size: 0.9rem; }
  .amount { font-size: 2.25rem; font-weight: 700; margin: 1rem 0 0.25rem; }
  ul { padding-left: 1.2rem; color: var(--muted); }
  .note { background: #fff4e5; border: 1px solid #f5d0a9; border-radius: 0.75rem; padding: 0.75rem; font-size: 0.9rem; margin: 1rem 0; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1rem; }
  button, a.button { font: inherit; border-radius: 0.75rem; padding: 0.7rem 1.2rem; cursor: pointer; border: 1px solid var(--line); background: var(--card); color: var(--ink); text-decoration: none; }
  button.primary { background: var(--primary); border-color: var(--primary); color: #fff; font-weight: 600; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #7c3aed; outline-offset: 2px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { color: var(--muted); }
  .switch { border-top: 1px solid var(--line); margin-top: 1rem; padding-top: 0.5rem; }
`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${LOCAL_CHECKOUT_CSS}</style></head>
<body><main>${body}</main></body></html>`;
}

export function checkoutPage(input: {
  sessionId: string;
  plan: Plan | undefined;
  pack?: CreditPack | undefined;
  gift?: boolean;
  email: string;
  status: string;
}) {
  const { plan, pack } = input;
  if (input.status !== 'open') {
    return layout(
      'Checkout complete',
      `<div class="card"><h1>This checkout is complete</h1><p class="muted">You can close this page.</p></div>`,
    );
  }
  if (pack) return packCheckoutPage({ ...input, pack });
  if (!plan) throw new Error(`checkout session ${input.sessionId} sells nothing we know`);
  return layout(
    `Subscribe to ${plan.name}`,
    `<div class="card">
      <p class="muted">Stylised · test checkout</p>
      <h1>Subscribe to ${escape(plan.name)}</h1>
      <p class="amount">${dollars(plan.price)} <span class="muted">per ${plan.interval}</span></p>
      <p class="muted">${plan.creditsPerMonth} credits every month · billed to ${escape(input.email)}</p>
      <ul>${plan.features.map((feature) => `<li>${escape(feature)}</li>`).join('')}</ul>
      <p class="note">Payments run in local mode: no card is charged. Paying here sends the same signed events Stripe would send.</p>
      <div class="actions">
        <form method="post" action="/billing/checkout/${escape(input.sessionId)}/pay"><button class="primary" type="submit">Pay ${dollars(plan.price)}</button></form>
        <form method="post" action="/billing/checkout/${escape(input.sessionId)}/cancel"><button type="submit">Cancel</button></form>
      </div>
    </div>`,
  );
}

function packCheckoutPage(input: {
  sessionId: string;
  pack: CreditPack;
  gift?: boolean;
  email: string;
}) {
  const { pack } = input;
  const title = input.gift ? `Buy ${pack.name} as a gift` : `Buy ${pack.name}`;
  return layout(
    title,
    `<div class="card">
      <p class="muted">Stylised · test checkout</p>
      <h1>${escape(title)}</h1>
      <p class="amount">${dollars(pack.priceCents)} <span class="muted">once</span></p>
      <p class="muted">${pack.credits} credits · paid by ${escape(input.email)}</p>
      <ul><li>Credits expire 24 months after purchase</li><li>No subscription</li></ul>
      <p class="note">Payments run in local mode: no card is charged. Paying here sends the same signed events Stripe would send.</p>
      <div class="actions">
        <form method="post" action="/billing/checkout/${escape(input.sessionId)}/pay"><button class="primary" type="submit">Pay ${dollars(pack.priceCents)}</button></form>
        <form method="post" action="/billing/checkout/${escape(input.sessionId)}/cancel"><button type="submit">Cancel</button></form>
      </div>
    </div>`,
  );
}

/** What the portal shows above the subscription: a question before cancelling, or what just happened. */
export type PortalView = 'confirm-cancel' | 'canceled' | 'resumed' | null;

export const portalViewOf = (query: unknown): PortalView => {
  const value = (query as { view?: unknown } | undefined)?.view;
  return value === 'confirm-cancel' || value === 'canceled' || value === 'resumed' ? value : null;
};

/** A checkout for a second plan while one is live: where to change plans instead. */
export function alreadySubscribedPage(message: string) {
  return layout(
    'You already have a plan',
    `<div class="card"><h1>You already have a plan</h1><p>${escape(message)}</p>
     <div class="actions"><a class="button" href="/profile">Go to your profile</a></div></div>`,
  );
}

export function portalPage(input: {
  portalId: string;
  subscription: LocalSubscription | null;
  plans: readonly Plan[];
  view?: PortalView;
  now?: Date;
}) {
  const { subscription, view = null } = input;
  // One idempotency key per rendered button: a double submit or a resent form acts once.
  const action = (name: string, label: string, extra = '', primary = false) =>
    `<form method="post" action="/billing/portal/${escape(input.portalId)}/${name}"><input type="hidden" name="idempotencyKey" value="${randomUUID()}">${extra}<button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
  if (!subscription) {
    return layout(
      'Your subscription',
      `<div class="card"><h1>No active subscription</h1><p class="muted">Choose a plan on the pricing page.</p>
       <div class="actions">${action('return', 'Back to Stylised', '', true)}</div></div>`,
    );
  }
  const plan = input.plans.find((p) => p.id === subscription.planId);
  const planName = escape(plan?.name ?? subscription.planId);
  const ends = day(subscription.currentPeriodEnd);
  if (view === 'confirm-cancel' && !subscription.cancelAtPeriodEnd) {
    return layout(
      'Cancel your subscription?',
      `<div class="card">
      <p class="muted">Stylised · test billing portal</p>
      <h1>Cancel ${planName}?</h1>
      <p>Your plan stays active until <strong>${ends}</strong> and will not renew. After that you move to the Free plan, and what is left of this period's credits expires with it.</p>
      <p class="muted">You can resume the plan here any time before ${ends}.</p>
      <div class="actions">
        ${action('cancel', 'Yes, cancel at the end of the period', '', true)}
        <a class="button" href="/billing/portal/${escape(input.portalId)}">Keep my plan</a>
      </div>
    </div>`,
    );
  }
  const notice =
    view === 'canceled' && subscription.cancelAtPeriodEnd
      ? `<p class="note" role="status">Your subscription is canceled. ${planName} stays active until ${ends}; it will not renew.</p>`
      : view === 'resumed' && !subscription.cancelAtPeriodEnd
        ? `<p class="note" role="status">Your subscription is resumed. ${planName} renews on ${ends}.</p>`
        : '';
  const cancelLink = `<a class="button" href="/billing/portal/${escape(input.portalId)}?view=confirm-cancel">Cancel subscription</a>`;
  const scheduled = input.plans.find((p) => p.id === subscription.scheduledPlanId);
  const now = input.now ?? new Date();
  const period =
    subscription.currentPeriodEnd.getTime() - subscription.currentPeriodStart.getTime();
  const left = Math.max(0, subscription.currentPeriodEnd.getTime() - now.getTime());
  const planInput = (id: string) => `<input type="hidden" name="planId" value="${escape(id)}">`;
  const switches = input.plans
    .filter((other) => other.price > 0 && other.id !== subscription.planId && plan)
    .map((other) => {
      if (other.price > plan!.price) {
        const prorated = Math.round(
          ((other.price - plan!.price) * Math.min(left, period)) / period,
        );
        return `<div class="switch"><p class="muted">${escape(other.name)}: ${other.creditsPerMonth} credits now, replacing what is left of this period's. ${dollars(prorated)} today for the rest of the period, then ${dollars(other.price)} per ${other.interval}.</p>${action('switch', `Upgrade to ${escape(other.name)} now`, planInput(other.id), true)}</div>`;
      }
      if (scheduled?.id === other.id) return '';
      return `<div class="switch"><p class="muted">${escape(other.name)} from ${day(subscription.currentPeriodEnd)}: ${other.creditsPerMonth} credits a month at ${dollars(other.price)}. You keep this period's credits until then.</p>${action('switch', `Switch to ${escape(other.name)} at the end of the period`, planInput(other.id))}</div>`;
    })
    .join('');
  const status = subscription.cancelAtPeriodEnd
    ? 'Cancels at the end of the period'
    : scheduled
      ? `Switches to ${escape(scheduled.name)} on ${day(subscription.currentPeriodEnd)}`
      : 'Active';
  return layout(
    'Your subscription',
    `<div class="card">
      <p class="muted">Stylised · test billing portal</p>
      <h1>${planName}</h1>
      ${notice}
      <dl>
        <dt>Status</dt><dd>${status}</dd>
        <dt>${subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt><dd>${ends}</dd>
        <dt>Price</dt><dd>${plan ? `${dollars(plan.price)} per ${plan.interval}` : '—'}</dd>
      </dl>
      <p class="note">Payments run in local mode: no card is charged.</p>
      <div class="actions">
        ${subscription.cancelAtPeriodEnd ? action('resume', 'Resume subscription', '', true) : cancelLink}
        ${scheduled && plan ? action('switch', `Keep ${escape(plan.name)}`, planInput(plan.id)) : ''}
        ${action('return', 'Back to Stylised')}
      </div>
      ${subscription.cancelAtPeriodEnd ? '' : switches}
    </div>`,
  );
}
