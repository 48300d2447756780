import {
  financeReport,
  type FinanceReportRow,
  type PrepaidRow,
  type ProductSales,
} from '@app/projections';
import { badInput } from '../../shared/errors';
import {
  reconcile,
  type Reconciliation,
  type ReconciliationIssue,
} from '../../staff/reconciliation';
import { builder } from '../builder';

const GranularityEnum = builder.enumType('ReportGranularity', {
  values: { DAY: { value: 'day' }, MONTH: { value: 'month' } } as const,
});

const ProductEnum = builder.enumType('PaidProduct', {
  values: { PLAN: { value: 'plan' }, PACK: { value: 'pack' }, GIFT: { value: 'gift' } } as const,
});

const RevenueRef = builder.objectRef<FinanceReportRow['revenue'][number]>('PlanRevenue').implement({
  description: 'Money received for one product (a plan, a credit pack, a gift) in one currency',
  fields: (t) => ({
    product: t.field({ type: ProductEnum, resolve: (r) => r.product }),
    planId: t.exposeString('planId'),
    currency: t.exposeString('currency'),
    amountCents: t.exposeInt('amountCents'),
  }),
});

const ProductSalesRef = builder.objectRef<ProductSales>('ProductSales').implement({
  fields: (t) => ({
    product: t.field({ type: ProductEnum, resolve: (r) => r.product }),
    amountCents: t.exposeInt('amountCents'),
    credits: t.exposeInt('credits'),
  }),
});

const PrepaidRef = builder.objectRef<PrepaidRow>('PrepaidRevenue').implement({
  description:
    'Paid credits as revenue in one period and currency: deferred until spent, recognised when spent, breakage when they expire unspent',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    sales: t.field({ type: [ProductSalesRef], resolve: (r) => r.sales }),
    salesCents: t.exposeInt('salesCents'),
    recognisedCents: t.exposeInt('recognisedCents', {
      description: 'Value of the paid credits spent (net of credits support gave back)',
    }),
    breakageCents: t.exposeInt('breakageCents', {
      description: 'Value of the paid credits that expired unspent',
    }),
    refundedCents: t.exposeInt('refundedCents', {
      description: 'Value of the unspent paid credits taken back by refunded payments',
    }),
    deferredOpeningCents: t.exposeInt('deferredOpeningCents'),
    deferredCents: t.exposeInt('deferredCents', {
      description: 'Paid credits not yet spent, at the end of the period',
    }),
    paidCreditsSold: t.exposeInt('paidCreditsSold'),
    paidCreditsSpent: t.exposeInt('paidCreditsSpent'),
    paidCreditsExpired: t.exposeInt('paidCreditsExpired'),
    paidCreditsRevoked: t.exposeInt('paidCreditsRevoked'),
    deferredCredits: t.exposeInt('deferredCredits'),
  }),
});

const ReportRowRef = builder.objectRef<FinanceReportRow>('FinanceReportRow').implement({
  description: 'Credits moved in one period (UTC), and the money received for them',
  fields: (t) => ({
    period: t.field({ type: 'DateTime', resolve: (r) => r.period }),
    granted: t.exposeInt('granted'),
    purchased: t.exposeInt('purchased'),
    spent: t.exposeInt('spent'),
    refunded: t.exposeInt('refunded'),
    expired: t.exposeInt('expired'),
    revoked: t.exposeInt('revoked'),
    paidConsumed: t.exposeInt('paidConsumed', {
      description: 'Spent credits that had been paid for',
    }),
    freeConsumed: t.exposeInt('freeConsumed', { description: 'Spent credits that were free' }),
    revenue: t.field({ type: [RevenueRef], resolve: (r) => r.revenue }),
    prepaid: t.field({ type: [PrepaidRef], resolve: (r) => r.prepaid }),
  }),
});

const IssueKindEnum = builder.enumType('ReconciliationIssueKind', {
  values: [
    'PAID_INVOICE_WITHOUT_PURCHASE',
    'PAID_CHECKOUT_WITHOUT_PURCHASE',
    'DUPLICATE_PURCHASE',
    'PURCHASE_WITHOUT_INVOICE',
    'REFUNDED_GIFT_NOT_VOIDED',
    'VOIDED_GIFT_NOT_REFUNDED',
  ] as const,
});

const IssueRef = builder.objectRef<ReconciliationIssue>('ReconciliationIssue').implement({
  fields: (t) => ({
    kind: t.field({ type: IssueKindEnum, resolve: (i) => i.kind }),
    invoiceId: t.exposeString('invoiceId'),
    userId: t.exposeString('userId', { nullable: true }),
    purchases: t.exposeInt('purchases'),
    amountPaidCents: t.exposeInt('amountPaidCents', { nullable: true }),
  }),
});

const ReconciliationRef = builder.objectRef<Reconciliation>('Reconciliation').implement({
  fields: (t) => ({
    invoicesChecked: t.exposeInt('invoicesChecked'),
    checkoutsChecked: t.exposeInt('checkoutsChecked', {
      description: 'Paid payment-mode checkouts (credit packs and gifts) checked',
    }),
    issues: t.field({ type: [IssueRef], resolve: (r) => r.issues }),
  }),
});

builder.queryFields((t) => ({
  financeReport: t.field({
    type: [ReportRowRef],
    authScopes: { finance: true },
    args: {
      granularity: t.arg({ type: GranularityEnum, required: true }),
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
    },
    resolve: (_root, { granularity, from, to }, context) => {
      if (to <= from) throw badInput('The end must be after the start');
      if (to.getTime() - from.getTime() > 3 * 366 * 86_400_000)
        throw badInput('At most three years at a time');
      return financeReport(context.services.pool, { granularity, from, to });
    },
  }),
  financeReconciliation: t.field({
    type: ReconciliationRef,
    authScopes: { finance: true },
    description:
      'Paid invoices and pack checkouts without exactly one purchase, gift checkouts without exactly one gift, purchases without a payment, and gift refunds the provider and the ledger disagree on',
    resolve: (_root, _args, context) =>
      reconcile(context.services.pool, context.services.billing.gateway),
  }),
}));
