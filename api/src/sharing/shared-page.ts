import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  PREVIEW_WIDTHS,
  sharePath,
  sharedImagePath,
  sharedOriginalPath,
  sharedPreviewPath,
} from './share-id';
import { OUTPUT_SIZE } from '../generation/output-size';

// The page a public link opens: rendered here, complete without JavaScript (chat apps and
// crawlers read its meta tags; people see the image at once), never naming who made it.

const STYLES: Record<string, { name: string; creatorPath: string }> = {
  'action-figure': { name: 'Action Figure', creatorPath: '/action-figure' },
  ghibli: { name: 'Ghibli Style', creatorPath: '/ghibli' },
  pixar: { name: 'Pixar Style', creatorPath: '/pixar' },
  anime: { name: 'Image to Anime', creatorPath: '/image-to-anime' },
  snoopy: { name: 'Snoopy Comic', creatorPath: '/snoopy' },
  chibi: { name: 'Chibi', creatorPath: '/chibi' },
};

export const styleOfShare = (style: string) =>
  STYLES[style] ?? { name: 'Character Art', creatorPath: '/' };

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The web app's design tokens (colours, type, spacing), so the page looks like the product. */
function designTokens(): string {
  const file = fileURLToPath(
    new URL('../../../web/src/modules/ui/theme/tokens.css', import.meta.url),
  );
  try {
    return fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  } catch {
    return '';
  }
}

const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--color-bg);color:var(--color-text);font-family:var(--font-sans);font-size:var(--font-size-md);line-height:var(--line-height-normal);-webkit-font-smoothing:antialiased}
a{color:inherit}
.top{display:flex;align-items:center;height:var(--header-height);padding:0 var(--container-gutter);border-bottom:1px solid var(--color-border);background:var(--color-surface)}
.brand{font-family:var(--font-display);font-weight:var(--font-weight-black);font-size:var(--font-size-xl);text-decoration:none;color:var(--color-ink)}
main{max-width:var(--container-narrow);margin:0 auto;padding:var(--space-10) var(--container-gutter) var(--space-16)}
.eyebrow{margin:0 0 var(--space-2);color:var(--color-primary-on-soft);font-size:var(--font-size-sm);font-weight:var(--font-weight-bold);letter-spacing:var(--letter-spacing-wide);text-transform:uppercase}
h1{margin:0 0 var(--space-3);font-family:var(--font-display);font-weight:var(--font-weight-black);font-size:var(--font-size-4xl);line-height:var(--line-height-tight);letter-spacing:var(--letter-spacing-tight);color:var(--color-ink)}
.lead{margin:0 0 var(--space-6);color:var(--color-text-secondary);font-size:var(--font-size-lg)}
.pair{display:grid;gap:var(--space-4)}
.pair.two{grid-template-columns:2fr 1fr;align-items:start}
figure{margin:0;background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-lg);padding:var(--space-2);box-shadow:var(--shadow-md)}
figure img{display:block;width:100%;height:auto;border-radius:var(--radius-md)}
figcaption{padding:var(--space-2) var(--space-2) var(--space-1);color:var(--color-text-secondary);font-size:var(--font-size-sm)}
.cta{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;margin-top:var(--space-8);padding:0 var(--space-6);border-radius:var(--radius-pill);background:var(--color-primary);color:var(--color-on-primary);font-weight:var(--font-weight-bold);text-decoration:none;box-shadow:0 6px 16px -6px rgb(194 65 12 / 0.55)}
.cta:hover{background:var(--color-primary-hover)}
.cta:focus-visible,.brand:focus-visible{outline:var(--focus-outline);outline-offset:var(--focus-offset)}
.foot{display:flex;flex-wrap:wrap;gap:var(--space-4);justify-content:center;padding:var(--space-6) var(--container-gutter);border-top:1px solid var(--color-border);color:var(--color-text-secondary);font-size:var(--font-size-sm)}
.foot a{text-decoration:none}
.foot a:hover{text-decoration:underline}
@media (max-width:768px){.pair.two{grid-template-columns:1fr}}
`;

let css: { text: string; hash: string } | null = null;
/** The page's one inline style sheet and its CSP hash (the page runs no script at all). */
export function sharedPageCss() {
  if (!css) {
    const text = designTokens() + PAGE_CSS;
    css = { text, hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
  }
  return css;
}

export const sharedPageCsp = () =>
  [
    "default-src 'none'",
    "img-src 'self'",
    `style-src ${sharedPageCss().hash}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

function layout(head: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<meta name="robots" content="noindex">
<meta name="theme-color" content="#fff9f3">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${sharedPageCss().text}</style></head>
<body><header class="top"><a class="brand" href="/">Stylised</a></header>
<main>${body}</main>
<footer class="foot"><span>© Stylised</span><a href="/pricing">Pricing</a><a href="/contact">Contact</a><a href="/terms">Terms</a><a href="/privacy">Privacy</a></footer></body></html>`;
}

export function sharedResultPage(input: {
  shareId: string;
  style: string;
  hasOriginal: boolean;
  publicUrl: string;
}): string {
  const origin = input.publicUrl.replace(/\/+$/, '');
  const style = styleOfShare(input.style);
  const title = `${style.name} · made with Stylised`;
  const description = `A photo turned into ${style.name} art with Stylised. Make your own from a photo in about 30 seconds.`;
  const image = `${origin}${sharedImagePath(input.shareId)}`;
  const alt = `${style.name} picture made from a photo`;
  const head = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Stylised">`,
    `<meta property="og:title" content="${escape(title)}">`,
    `<meta property="og:description" content="${escape(description)}">`,
    `<meta property="og:url" content="${escape(origin + sharePath(input.shareId))}">`,
    `<meta property="og:image" content="${escape(image)}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="${OUTPUT_SIZE}">`,
    `<meta property="og:image:height" content="${OUTPUT_SIZE}">`,
    `<meta property="og:image:alt" content="${escape(alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escape(title)}">`,
    `<meta name="twitter:description" content="${escape(description)}">`,
    `<meta name="twitter:image" content="${escape(image)}">`,
  ].join('\n');
  // WebP at the width shown (the PNG, which chat apps get, for browsers without WebP).
  const srcset = PREVIEW_WIDTHS.map(
    (width) => `${sharedPreviewPath(input.shareId, width)} ${width}w`,
  ).join(', ');
  const sizes = input.hasOriginal
    ? '(max-width: 768px) calc(100vw - 2rem), 480px'
    : '(max-width: 768px) calc(100vw - 2rem), 728px';
  const result = `<figure><picture><source type="image/webp" srcset="${escape(srcset)}" sizes="${sizes}"><img src="${escape(sharedImagePath(input.shareId))}" alt="${escape(alt)}" width="1024" height="1024" fetchpriority="high"></picture><figcaption>${escape(style.name)}</figcaption></figure>`;
  const original = input.hasOriginal
    ? `<figure><img src="${escape(sharedOriginalPath(input.shareId))}" alt="The original photo" loading="lazy"><figcaption>The original photo</figcaption></figure>`
    : '';
  return layout(
    head,
    `<p class="eyebrow">Shared from Stylised</p>
<h1>${escape(style.name)}, made from a photo</h1>
<p class="lead">Someone made this with the ${escape(style.name)} creator. Upload a photo and get yours.</p>
<div class="${input.hasOriginal ? 'pair two' : 'pair'}">${result}${original}</div>
<a class="cta" href="${escape(style.creatorPath)}">Make your own</a>`,
  );
}

export function sharedResultGonePage(): string {
  return layout(
    `<title>This link is not shared · Stylised</title>`,
    `<h1>This link is not shared</h1>
<p class="lead">Its owner stopped sharing it, or the image was deleted.</p>
<a class="cta" href="/">Make your own</a>`,
  );
}
