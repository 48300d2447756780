/** Who is asking from where, for limits, audit metadata and sessions. */
export interface RequestContext {
  readonly ip: string;
  readonly userAgent?: string | undefined;
  readonly correlationId: string;
}

export const systemContext = (correlationId: string): RequestContext => ({
  ip: 'system',
  correlationId,
});
