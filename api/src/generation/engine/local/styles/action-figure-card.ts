import type { ActionFigureDetails } from '../../image-provider';
import { FONT_FAMILY, cleanText, escapeXml, fitBlock, fitLine, textWidth } from '../svg-text';
import type { FittedBlock, FittedLine } from '../svg-text';
import { accessoryIcon } from './accessory-icons';
import { OUTPUT_SIZE } from '../style-renderer';

export const MAX_ACCESSORY_SLOTS = 6;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

interface Palette {
  readonly card: readonly [string, string];
  readonly header: string;
  /** Small print on the header strip. */
  readonly headerInk: string;
  readonly accent: string;
  readonly ink: string;
  /** Text straight on the card (slot labels, "ACCESSORIES"). */
  readonly text: string;
  readonly name: string;
  /** Light cards get no outline around slot labels. */
  readonly outlineLabels: boolean;
}

const PALETTES = {
  hero: {
    card: ['#2456d6', '#0e2466'],
    header: '#ffd21f',
    headerInk: '#0b1436',
    accent: '#e8343f',
    ink: '#0b1436',
    text: '#ffffff',
    name: '#ffd21f',
    outlineLabels: true,
  },
  crimson: {
    card: ['#d7263d', '#6e0d1a'],
    header: '#ffd166',
    headerInk: '#2a0509',
    accent: '#1d3557',
    ink: '#2a0509',
    text: '#ffffff',
    name: '#ffd166',
    outlineLabels: true,
  },
  jungle: {
    card: ['#1f9e89', '#0b4a42'],
    header: '#ffb703',
    headerInk: '#05221e',
    accent: '#fb5607',
    ink: '#05221e',
    text: '#ffffff',
    name: '#ffb703',
    outlineLabels: true,
  },
  cosmic: {
    card: ['#6a3fd0', '#24105e'],
    header: '#3ee0d0',
    headerInk: '#12072e',
    accent: '#ff4f9a',
    ink: '#12072e',
    text: '#ffffff',
    name: '#3ee0d0',
    outlineLabels: true,
  },
  vintage: {
    card: ['#f1dfb4', '#d9b77a'],
    header: '#c1272d',
    headerInk: '#fbeed0',
    accent: '#1f4e8c',
    ink: '#3b2314',
    text: '#3b2314',
    name: '#c1272d',
    outlineLabels: false,
  },
  collector: {
    card: ['#2b2b31', '#050507'],
    header: '#d4af37',
    headerInk: '#141414',
    accent: '#b8892a',
    ink: '#000000',
    text: '#f4e7c1',
    name: '#f4e7c1',
    outlineLabels: true,
  },
  minimal: {
    card: ['#f4f5f7', '#d9dde3'],
    header: '#16181d',
    headerInk: '#f4f5f7',
    accent: '#ff5a36',
    ink: '#16181d',
    text: '#16181d',
    name: '#16181d',
    outlineLabels: false,
  },
} satisfies Record<string, Palette>;

const BRIGHT = [PALETTES.hero, PALETTES.crimson, PALETTES.jungle, PALETTES.cosmic] as const;

/** The figure style picks the packaging; otherwise the profession does, deterministically. */
function paletteFor(details: ActionFigureDetails, variation: number): Palette {
  const style = (details.packagingStyle || details.style || '').toLowerCase();
  if (style.includes('vintage')) return PALETTES.vintage;
  if (style.includes('collect') || style.includes('sculpt')) return PALETTES.collector;
  if (style.includes('minimal')) return PALETTES.minimal;
  // The profession picks the card's colours, and each generation's seed varies them.
  let hash = (2166136261 ^ variation) >>> 0;
  for (const char of details.profession.toLowerCase())
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return BRIGHT[(hash >>> 0) % BRIGHT.length]!;
}

export interface AccessorySlot {
  readonly rect: Rect;
  readonly label: FittedBlock;
  readonly icon: string;
}

export interface CardLayout {
  readonly palette: Palette;
  readonly bubble: Rect;
  readonly name: FittedLine;
  readonly profession: FittedLine;
  /** The chosen pose, named on the card ("natural" poses are not announced). */
  readonly pose: FittedLine | null;
  readonly slots: readonly AccessorySlot[];
}

const CARD: Rect = { x: 88, y: 84, width: 848, height: 916 };
const SLOT_COLUMN: Rect = { x: 612, y: 262, width: 294, height: 524 };

export function layoutCard(details: ActionFigureDetails, variation = 0): CardLayout {
  const palette = paletteFor(details, variation);
  const accessories = details.accessories.map((a) => cleanText(a, 48)).filter((a) => a.length > 0);
  let labels = accessories.slice(0, MAX_ACCESSORY_SLOTS);
  if (accessories.length > MAX_ACCESSORY_SLOTS) {
    labels = [
      ...accessories.slice(0, MAX_ACCESSORY_SLOTS - 1),
      `+${accessories.length - MAX_ACCESSORY_SLOTS + 1} more`,
    ];
  }
  const bubble: Rect =
    labels.length > 0
      ? { x: 118, y: 226, width: 470, height: 560 }
      : { x: 192, y: 226, width: 640, height: 560 };
  const gap = 12;
  const slotHeight = Math.min(
    104,
    (SLOT_COLUMN.height - gap * (labels.length - 1)) / Math.max(1, labels.length),
  );
  const slots = labels.map((label, i) => ({
    rect: {
      x: SLOT_COLUMN.x,
      y: SLOT_COLUMN.y + i * (slotHeight + gap),
      width: SLOT_COLUMN.width,
      height: slotHeight,
    },
    label: fitBlock(label.toUpperCase(), 'condensed-bold', SLOT_COLUMN.width - 100, 2, 25, 14),
    icon: accessoryIcon(label, palette.ink, '#ffffff'),
  }));
  const name = cleanText(details.name, 40).toUpperCase() || 'HERO';
  const profession = cleanText(details.profession, 48).toUpperCase();
  const pose = cleanText(details.pose ?? '', 40);
  return {
    pose:
      pose && !pose.startsWith('Natural')
        ? fitLine(`POSE: ${pose.toUpperCase()}`, 'condensed-bold', bubble.width - 60, 26, 14)
        : null,
    palette,
    bubble,
    name: fitLine(name, 'condensed-bold', CARD.width - 80, 112, 44),
    profession: fitLine(profession, 'bold', CARD.width - 180, 38, 20),
    slots,
  };
}

function text(
  x: number,
  y: number,
  line: FittedLine,
  face: keyof typeof FONT_FAMILY,
  attrs: string,
): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY[face]}" font-weight="bold" font-size="${line.size}" ${attrs}>${escapeXml(line.text)}</text>`;
}

function roundedRect(r: Rect, radius: number, attrs: string): string {
  return `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" rx="${radius}" ${attrs}/>`;
}

function sunburst(cx: number, cy: number, colour: string): string {
  const rays: string[] = [];
  for (let i = 0; i < 24; i++) {
    const a0 = (i / 24) * Math.PI * 2,
      a1 = a0 + Math.PI / 24;
    const p = (a: number): string =>
      `${(cx + Math.cos(a) * 1400).toFixed(1)} ${(cy + Math.sin(a) * 1400).toFixed(1)}`;
    rays.push(`M${cx} ${cy}L${p(a0)}L${p(a1)}Z`);
  }
  return `<path d="${rays.join('')}" fill="${colour}" fill-opacity="0.07"/>`;
}

/** Everything behind the figure: studio backdrop, card, hang tab with its hole, header, tray. */
export function cardBackSvg(layout: CardLayout): string {
  const { palette: p, bubble: b } = layout;
  const tab = { x: 382, y: 22, width: 260, height: 90 };
  // Euro-slot hang hole: a slot with a round notch on top for the peg.
  const hole = 'M460 47h36a16 16 0 0 1 32 0h36a11 11 0 0 1 0 22h-104a11 11 0 0 1 0-22z';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}">
  <defs>
    <radialGradient id="studio" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#eef1f5"/><stop offset="1" stop-color="#9aa3b0"/></radialGradient>
    <linearGradient id="card" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${p.card[0]}"/><stop offset="1" stop-color="${p.card[1]}"/></linearGradient>
    <linearGradient id="tray" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
    <clipPath id="cardClip">${roundedRect(CARD, 30, '')}</clipPath>
  </defs>
  <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#studio)"/>
  ${[18, 12, 6].map((o) => roundedRect({ ...CARD, x: CARD.x + o / 2, y: CARD.y + o }, 30 + o, 'fill="#1a2030" fill-opacity="0.1"')).join('')}
  <path fill-rule="evenodd" fill="${p.card[0]}" d="M${tab.x + 24} ${tab.y}h${tab.width - 48}a24 24 0 0 1 24 24v${tab.height - 24}h-${tab.width}v-${tab.height - 24}a24 24 0 0 1 24-24z${hole}"/>
  <path fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="3" d="${hole}"/>
  ${roundedRect(CARD, 30, 'fill="url(#card)"')}
  <g clip-path="url(#cardClip)">
    ${sunburst(b.x + b.width / 2, b.y + b.height / 2, '#ffffff')}
    <rect x="${CARD.x}" y="112" width="${CARD.width}" height="94" fill="${p.header}"/>
    <rect x="${CARD.x}" y="206" width="${CARD.width}" height="6" fill="${p.ink}" fill-opacity="0.5"/>
    <rect x="${CARD.x}" y="806" width="${CARD.width}" height="${CARD.y + CARD.height - 806}" fill="${p.ink}" fill-opacity="0.28"/>
  </g>
  ${roundedRect({ x: b.x - 14, y: b.y - 14, width: b.width + 28, height: b.height + 28 }, 48, 'fill="#ffffff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"')}
  ${roundedRect(b, 36, 'fill="url(#tray)"')}
</svg>`;
}

function slotSvg(slot: AccessorySlot, p: Palette): string {
  const { rect: r, label } = slot;
  const iconSize = Math.min(64, r.height - 16);
  const iconX = r.x + 14,
    iconY = r.y + (r.height - iconSize) / 2;
  const lineHeight = label.size * 1.12;
  const firstBaseline =
    r.y + r.height / 2 - ((label.lines.length - 1) * lineHeight) / 2 + label.size * 0.36;
  const lines = label.lines
    .map(
      (l, i) =>
        `<tspan x="${r.x + 88}" y="${(firstBaseline + i * lineHeight).toFixed(1)}">${escapeXml(l)}</tspan>`,
    )
    .join('');
  return `${roundedRect(r, 18, `fill="#ffffff" fill-opacity="0.2" stroke="#ffffff" stroke-opacity="0.75" stroke-width="2.5"`)}
  <circle cx="${iconX + iconSize / 2}" cy="${iconY + iconSize / 2}" r="${iconSize / 2 + 4}" fill="${p.header}"/>
  <g transform="translate(${iconX} ${iconY}) scale(${iconSize / 64})">${slot.icon}</g>
  <text font-family="${FONT_FAMILY['condensed-bold']}" font-weight="bold" font-size="${label.size}" fill="${p.text}" ${p.outlineLabels ? `stroke="${p.ink}" stroke-width="3" stroke-opacity="0.45" paint-order="stroke"` : ''}>${lines}</text>`;
}

function poseBadge(pose: FittedLine, b: Rect, p: Palette): string {
  const width = textWidth(pose.text, 'condensed-bold', pose.size) + 40;
  const y = b.y + b.height - pose.size - 34;
  return `${roundedRect({ x: b.x + b.width / 2 - width / 2, y, width, height: pose.size + 18 }, (pose.size + 18) / 2, `fill="${p.header}" stroke="${p.ink}" stroke-width="3"`)}
  ${text(b.x + b.width / 2, y + 9 + pose.size * 0.84, pose, 'condensed-bold', `text-anchor="middle" fill="${p.headerInk}"`)}`;
}

/** Everything in front of the figure: plastic bubble, slots, header and name plate text. */
export function cardFrontSvg(layout: CardLayout): string {
  const { palette: p, bubble: b, name, profession } = layout;
  const ribbonWidth = textWidth(profession.text, 'bold', profession.size) + 56;
  const starX = b.x + 8,
    starY = b.y + 10;
  const star = Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2,
      r = i % 2 === 0 ? 58 : 44;
    return `${(starX + Math.cos(a) * r).toFixed(1)},${(starY + Math.sin(a) * r).toFixed(1)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}">
  <defs>
    <linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.28" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="0.78" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#fff" stop-opacity="0.3"/></linearGradient>
    <clipPath id="bubble">${roundedRect(b, 36, '')}</clipPath>
  </defs>
  ${roundedRect(b, 36, 'fill="url(#shine)"')}
  <g clip-path="url(#bubble)" fill="#fff">
    <path d="M${b.x + b.width * 0.12} ${b.y}h${b.width * 0.16}L${b.x} ${b.y + b.height * 0.42}v-${b.height * 0.2}z" fill-opacity="0.28"/>
    <path d="M${b.x + b.width * 0.36} ${b.y}h${b.width * 0.05}L${b.x} ${b.y + b.height * 0.62}v-${b.height * 0.06}z" fill-opacity="0.2"/>
  </g>
  ${roundedRect(b, 36, 'fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="10"')}
  ${roundedRect({ x: b.x + 3, y: b.y + 3, width: b.width - 6, height: b.height - 6 }, 33, 'fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="4"')}
  <g transform="rotate(-12 ${starX} ${starY})">
    <polygon points="${star}" fill="${p.accent}" stroke="#fff" stroke-width="4"/>
    <text x="${starX}" y="${starY + 9}" text-anchor="middle" font-family="${FONT_FAMILY.bold}" font-weight="bold" font-size="26" fill="#fff">NEW!</text>
  </g>
  <g transform="translate(${CARD.x + 34} 184) skewX(-8)">
    <text x="0" y="0" font-family="${FONT_FAMILY.bold}" font-weight="bold" font-size="54" fill="${p.accent}" stroke="${p.ink}" stroke-width="8" stroke-linejoin="round" paint-order="stroke">ACTION FIGURE</text>
  </g>
  <text x="${CARD.x + CARD.width - 34}" y="152" text-anchor="end" font-family="${FONT_FAMILY['condensed-bold']}" font-weight="bold" font-size="22" fill="${p.headerInk}">COLLECTOR</text>
  <text x="${CARD.x + CARD.width - 34}" y="180" text-anchor="end" font-family="${FONT_FAMILY['condensed-bold']}" font-weight="bold" font-size="22" fill="${p.headerInk}">SERIES · AGES 4+</text>
  ${layout.slots.length > 0 ? `<text x="${SLOT_COLUMN.x + SLOT_COLUMN.width / 2}" y="${b.y + 22}" text-anchor="middle" font-family="${FONT_FAMILY.bold}" font-weight="bold" font-size="22" letter-spacing="3" fill="${p.text}">ACCESSORIES</text>` : ''}
  ${layout.slots.map((slot) => slotSvg(slot, p)).join('\n')}
  ${layout.pose ? poseBadge(layout.pose, b, p) : ''}
  ${text(OUTPUT_SIZE / 2 + 4, 900 + 6, name, 'condensed-bold', `text-anchor="middle" fill="${p.ink}" fill-opacity="0.6"`)}
  ${text(OUTPUT_SIZE / 2, 900, name, 'condensed-bold', `text-anchor="middle" fill="${p.name}" stroke="${p.ink}" stroke-width="${(name.size * 0.055).toFixed(1)}" stroke-linejoin="round" paint-order="stroke"`)}
  ${
    profession.text
      ? `${roundedRect({ x: OUTPUT_SIZE / 2 - ribbonWidth / 2, y: 924, width: ribbonWidth, height: profession.size + 20 }, 8, `fill="${p.accent}"`)}
  ${text(OUTPUT_SIZE / 2, 924 + 10 + profession.size * 0.84, profession, 'bold', 'text-anchor="middle" fill="#ffffff"')}`
      : ''
  }
</svg>`;
}
