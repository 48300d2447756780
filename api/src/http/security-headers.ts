import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { LOCAL_CHECKOUT_CSS } from '../billing/local/local-checkout-pages';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The Content-Security-Policy the built web app runs under: its own scripts and styles only (no
 * inline script, no eval), images from itself plus data: and blob: (photo previews, downloads),
 * requests to itself only, never framed. The local checkout's one inline style sheet is allowed
 * by its hash.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", sha256(LOCAL_CHECKOUT_CSS)],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  scriptSrcAttr: ["'none'"],
};

/**
 * Hashes of the inline scripts of the built index.html (the build adds a small one that preloads
 * the current route's chunks): exactly those may run, nothing else inline.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return []; // no build (API-only deployments, tests without the web app)
  }
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map(sha256);
}

const decodeAttribute = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * Hashes of the `style` attributes in the prerendered pages (React renders a few: a slider's
 * starting position, a list's step count): exactly those values may stand in the HTML, nothing
 * else inline. Styles the app sets from JavaScript (CSSOM) are not subject to the policy.
 */
export function inlineStyleAttributeHashes(webDistDir: string): string[] {
  return prerenderedMatches(webDistDir, /\sstyle="([^"]*)"/g, decodeAttribute).map(sha256);
}

/**
 * Hashes of the `<style>` elements of the prerendered pages (the build puts each page's style
 * sheets in its HTML, so the first paint waits for no other file): exactly those may apply.
 */
export function inlineStyleElementHashes(webDistDir: string): string[] {
  return prerenderedMatches(webDistDir, /<style>([\s\S]*?)<\/style>/g, (body) => body).map(sha256);
}

/** The distinct first groups of `pattern` across the prerendered pages, sorted; none without a build. */
function prerenderedMatches(
  webDistDir: string,
  pattern: RegExp,
  decode: (text: string) => string,
): string[] {
  const dir = path.join(webDistDir, 'prerendered');
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.html'));
  } catch {
    return [];
  }
  const values = new Set<string>();
  for (const name of names)
    for (const match of fs.readFileSync(path.join(dir, name), 'utf8').matchAll(pattern))
      values.add(decode(match[1] ?? ''));
  return [...values].sort();
}

/** The hashes of what the app's pages hold inline, allowed only where a page is answered. */
type PageHashes = { scripts: string[]; styleElements: string[]; styleAttributes: string[] };

const NO_PAGE_HASHES: PageHashes = { scripts: [], styleElements: [], styleAttributes: [] };

/**
 * The build's scripts, style sheets, images and share images: never a document, so their
 * answers leave the pages' hashes out (about 1 KB of header less on each of them).
 */
const NEVER_A_DOCUMENT = /^\/(?:assets|showcase|og)\//;

const helmetFor = (hashes: PageHashes, https: boolean): RequestHandler =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...hashes.scripts],
        styleSrc: [...CONTENT_SECURITY_POLICY.styleSrc, ...hashes.styleElements],
        ...(hashes.styleAttributes.length
          ? { styleSrcAttr: ["'unsafe-hashes'", ...hashes.styleAttributes] }
          : {}),
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Results are fetched by our own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Google and Stripe are reached by navigation, not in popups that talk back.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

/** Security headers for every Express answer (helmet), HSTS only when served over HTTPS. */
export function securityHeaders(options: { https: boolean; webDistDir: string }): RequestHandler {
  const forPages = helmetFor(
    {
      scripts: inlineScriptHashes(options.webDistDir),
      styleElements: inlineStyleElementHashes(options.webDistDir),
      styleAttributes: inlineStyleAttributeHashes(options.webDistDir),
    },
    options.https,
  );
  const forBuildFiles = helmetFor(NO_PAGE_HASHES, options.https);
  return (request, response, next) =>
    (NEVER_A_DOCUMENT.test(request.path) ? forBuildFiles : forPages)(request, response, next);
}

/** The headers GraphQL answers carry (Yoga is served outside Express, and answers JSON only). */
export function setApiSecurityHeaders(response: ServerResponse, options: { https: boolean }) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  if (options.https)
    response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
