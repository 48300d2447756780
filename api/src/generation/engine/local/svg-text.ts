/**
 * Text for SVG overlays rendered by librsvg, which ignores `textLength`: widths are
 * estimated from the DejaVu fonts' own advance widths so text can be shrunk or ellipsised
 * before it would overflow.
 */

export type FontFace = 'bold' | 'condensed-bold' | 'regular';

export const FONT_FAMILY: Record<FontFace, string> = {
  bold: "'DejaVu Sans', sans-serif",
  'condensed-bold': "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif",
  regular: "'DejaVu Sans', sans-serif",
};

// Advance widths (per 1000 em) of ASCII 32..126, read from the installed DejaVu TTFs.
// prettier-ignore
const ADVANCES: Record<FontFace, readonly number[]> = {
  bold: [348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838],
  'condensed-bold': [313,410,469,754,626,901,785,275,411,411,470,754,342,374,342,329,626,626,626,626,626,626,626,626,626,626,360,360,754,754,754,522,900,696,686,660,747,615,615,738,753,334,334,697,573,896,753,765,659,765,693,648,614,730,696,993,694,651,652,411,329,411,754,450,450,607,644,533,644,610,391,644,641,308,308,598,308,938,641,618,644,644,444,536,430,641,586,831,580,586,523,641,329,641,754],
  regular: [318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838],
};

const ELLIPSIS = '…';
/** Headroom for kerning, hinting and fallback fonts. */
const SAFETY = 1.04;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Collapses whitespace, drops control characters and caps the length of user text. */
export function cleanText(text: string, maxChars = 60): string {
  const flat = text.replace(
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g,
    ' ',
  );
  return [...flat.replace(/\s+/g, ' ').trim()].slice(0, maxChars).join('');
}

function charAdvance(char: string, face: FontFace): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 32 && code < 127) return ADVANCES[face][code - 32]!;
  if (char === ELLIPSIS) return 1000;
  const base = char.normalize('NFD').codePointAt(0) ?? 0;
  if (base >= 32 && base < 127) return ADVANCES[face][base - 32]!;
  // Wide scripts (CJK, Hangul, emoji) take a full em; anything else, a generous average.
  return code >= 0x1100 ? 1000 : 780;
}

export function textWidth(text: string, face: FontFace, size: number): number {
  let total = 0;
  for (const char of text) total += charAdvance(char, face);
  return (total / 1000) * size * SAFETY;
}

export function ellipsise(text: string, face: FontFace, size: number, maxWidth: number): string {
  if (textWidth(text, face, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(chars.join('').trimEnd() + ELLIPSIS, face, size) > maxWidth)
    chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

export interface FittedLine {
  readonly text: string;
  readonly size: number;
}

/** Largest size in [minSize, maxSize] at which the text fits; ellipsised at minSize if not. */
export function fitLine(
  text: string,
  face: FontFace,
  maxWidth: number,
  maxSize: number,
  minSize: number,
): FittedLine {
  const natural = textWidth(text, face, maxSize);
  if (natural <= maxWidth) return { text, size: maxSize };
  const size = Math.max(minSize, Math.floor((maxSize * maxWidth) / natural));
  return { text: ellipsise(text, face, size, maxWidth), size };
}

export interface FittedBlock {
  readonly lines: readonly string[];
  readonly size: number;
}

/** Word-wraps into at most `maxLines`, shrinking first; the last line is ellipsised if needed. */
export function fitBlock(
  text: string,
  face: FontFace,
  maxWidth: number,
  maxLines: number,
  maxSize: number,
  minSize: number,
): FittedBlock {
  for (let size = maxSize; size >= minSize; size--) {
    const lines = wrap(text, face, size, maxWidth);
    if (lines.length <= maxLines && lines.every((l) => textWidth(l, face, size) <= maxWidth)) {
      return { lines, size };
    }
  }
  const lines = wrap(text, face, minSize, maxWidth);
  const kept = lines.slice(0, maxLines);
  const rest = lines.slice(maxLines - 1).join(' ');
  kept[kept.length - 1] = ellipsise(
    lines.length > maxLines ? rest : kept[kept.length - 1]!,
    face,
    minSize,
    maxWidth,
  );
  return { lines: kept.map((l) => ellipsise(l, face, minSize, maxWidth)), size: minSize };
}

function wrap(text: string, face: FontFace, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidth(candidate, face, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
