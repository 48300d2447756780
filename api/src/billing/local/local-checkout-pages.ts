import { randomUUID } from 'node:crypto';
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
`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${LOCAL_CHECKOUT_CSS}</style></head>
<body><main>${body}</main></body></html>`;
}

export function checkoutPage(input: {
  sessionId: string;
  plan: Plan;
  email: string;
  status: string;
}) {
  const { plan } = input;
  if (input.status !== 'open') {
    return layout(
      'Checkout complete',
      `<div class="card"><h1>This checkout is complete</h1><p class="muted">You can close this page.</p></div>`,
    );
  }
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

export function portalPage(input: {
  portalId: string;
  subscription: LocalSubscription | null;
  plans: readonly Plan[];
}) {
  const { subscription } = input;
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
  const others = input.plans.filter((p) => p.price > 0 && p.id !== subscription.planId);
  return layout(
    'Your subscription',
    `<div class="card">
      <p class="muted">Stylised · test billing portal</p>
      <h1>${escape(plan?.name ?? subscription.planId)}</h1>
      <dl>
        <dt>Status</dt><dd>${subscription.cancelAtPeriodEnd ? 'Cancels at the end of the period' : 'Active'}</dd>
        <dt>${subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt><dd>${day(subscription.currentPeriodEnd)}</dd>
        <dt>Price</dt><dd>${plan ? `${dollars(plan.price)} per ${plan.interval}` : '—'}</dd>
      </dl>
      <div class="actions">
        ${subscription.cancelAtPeriodEnd ? action('resume', 'Resume subscription', '', true) : action('cancel', 'Cancel subscription')}
        ${others.map((other) => action('switch', `Switch to ${escape(other.name)}`, `<input type="hidden" name="planId" value="${escape(other.id)}">`)).join('')}
        ${action('return', 'Back to Stylised')}
      </div>
    </div>`,
  );
}
