/** Legal constants of the spec (§9). Every legal page reads them from here. */
export const LEGAL = {
  lastUpdated: 'June 16, 2025',
  effectiveDate: 'June 16, 2025',
  minimumAge: 13,
  parentalConsentUnder: 18,
  accountDataRetentionDays: 90,
  analyticsRetentionYears: 2,
  billingRecordsRetentionYears: 7,
  securityLogsRetentionMonths: 6,
  breachNoticeHours: 72,
  priceChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  moneyBackGuaranteeDays: 30,
  gdprResponseDays: 30,
} as const;
