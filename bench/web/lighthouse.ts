import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseScores {
  url: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Performance opportunities worth reading when the score is low. */
  opportunities: string[];
}

/**
 * One Lighthouse run against a Chromium listening on `port`. Mobile is Lighthouse's default
 * (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown); desktop is its desktop
 * preset (simulated 10 Mbps, no CPU slowdown).
 */
export async function runLighthouse(
  url: string,
  port: number,
  formFactor: FormFactor,
): Promise<LighthouseScores> {
  const lhr = await auditRetryingTraceFailures(url, port, formFactor);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
    .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return {
    url,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    },
    opportunities,
  };
}

/** Trace-recording failures Lighthouse itself says to run again after (seen: NO_NAVSTART). */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);
const ATTEMPTS = 3;

async function auditRetryingTraceFailures(url: string, port: number, formFactor: FormFactor) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt >= ATTEMPTS || !RETRYABLE.has(runtimeError.code))
      throw new Error(`lighthouse: ${runtimeError.message}`);
    console.warn(`lighthouse: ${runtimeError.code} on ${url}, run again (attempt ${attempt + 1})`);
  }
}
