/** Human labels for the ledger's credit movement types. */
export const CREDIT_MOVEMENT_LABELS: Readonly<Record<string, string>> = {
  CreditsGranted: 'Credits granted',
  CreditsPurchased: 'Subscription credits',
  CreditsReserved: 'Held for a generation',
  CreditsSpent: 'Generation',
  CreditsReleased: 'Hold released',
  CreditsRefunded: 'Refund',
  CreditsExpired: 'Expired',
  CreditsRevoked: 'Reversed',
};

/** A label for any type, including ones added to the ledger later ("CreditsMoved" → "Moved"). */
export const creditMovementLabel = (type: string): string =>
  CREDIT_MOVEMENT_LABELS[type] ??
  (type.replace(/^Credits/, '').replace(/([a-z])([A-Z])/g, '$1 $2') || type);

/** "+5", "−5" (a real minus sign), "0". */
export const formatDelta = (delta: number): string =>
  delta > 0
    ? `+${delta.toLocaleString('en-US')}`
    : delta < 0
      ? `−${Math.abs(delta).toLocaleString('en-US')}`
      : '0';
