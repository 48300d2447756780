// One difference the ledger audit found between the event log and a read model.

export interface AuditMismatch {
  userId: string;
  /** What differs: a balance column, `lot <id>.<field>`, `subscription.<field>`, or `log`. */
  field: string;
  /** From the event log. */
  expected: string;
  /** From the read model. */
  actual: string;
}

/** One line per mismatch, for the CLI and logs. */
export const formatAuditMismatch = (m: AuditMismatch) =>
  `${m.userId}  ${m.field}: log says ${m.expected}, read model has ${m.actual}`;
