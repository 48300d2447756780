import type { SceneObject } from '../direction';

/**
 * Background things a prompt can name, drawn in a 100-unit box with the origin at the bottom
 * centre (where they stand on the ground); `fill` is their main colour.
 */
export const OBJECT_DEFAULT_FILL: Record<SceneObject, string> = {
  doghouse: '#d23a2f',
  house: '#f2d7a8',
  tree: '#4e9a45',
  balloon: '#e8433b',
  rainbow: '#e8433b',
  moon: '#fff3c4',
  castle: '#d9d2c5',
  boat: '#ffffff',
  kite: '#f0a020',
  flowers: '#f06292',
  heart: '#ec5a8a',
  star: '#ffd84a',
  rocket: '#e6e6ea',
  lighthouse: '#e03b3b',
  umbrella: '#3b7de0',
  car: '#e0473b',
};

/** Things of the sky float above the horizon; the rest stand on the ground. */
export const IN_THE_SKY: ReadonlySet<SceneObject> = new Set([
  'balloon',
  'rainbow',
  'moon',
  'kite',
  'heart',
  'star',
]);

const INK = '#2b2220';

export function objectSvg(kind: SceneObject, fill: string): string {
  const line = `stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"`;
  switch (kind) {
    case 'doghouse':
      return `<path d="M-40 0V-52H40V0Z" fill="${fill}" ${line}/><path d="M-50 -48L0 -88L50 -48Z" fill="#8a3b2a" ${line}/><path d="M-15 0V-24A15 15 0 0 1 15 -24V0Z" fill="${INK}"/>`;
    case 'house':
      return `<path d="M-42 0V-56H42V0Z" fill="${fill}" ${line}/><path d="M-52 -52L0 -96L52 -52Z" fill="#b5483a" ${line}/><rect x="-12" y="-30" width="18" height="30" fill="#7a4a2a" ${line}/><rect x="14" y="-44" width="18" height="16" fill="#ffe7a0" ${line}/>`;
    case 'tree':
      return `<rect x="-7" y="-40" width="14" height="40" fill="#7a5230" ${line}/><circle cx="0" cy="-62" r="32" fill="${fill}" ${line}/><circle cx="-20" cy="-48" r="18" fill="${fill}"/><circle cx="20" cy="-48" r="18" fill="${fill}"/>`;
    case 'balloon':
      return `<path d="M0 -20 Q6 20 -4 60" fill="none" stroke="${INK}" stroke-width="2"/><ellipse cx="0" cy="-48" rx="24" ry="30" fill="${fill}" ${line}/><ellipse cx="-8" cy="-58" rx="6" ry="9" fill="#fff" fill-opacity="0.5"/>`;
    case 'rainbow':
      return ['#e8433b', '#f39a2b', '#f4d43c', '#59b456', '#3c83d8', '#7b55c2']
        .map(
          (c, i) =>
            `<path d="M${-100 + i * 8} 0A${100 - i * 8} ${100 - i * 8} 0 0 1 ${100 - i * 8} 0" fill="none" stroke="${i === 0 ? fill : c}" stroke-width="8" stroke-opacity="0.85"/>`,
        )
        .join('');
    case 'moon':
      return `<path d="M10 -90A40 40 0 1 0 10 -10A30 30 0 1 1 10 -90Z" fill="${fill}"/>`;
    case 'castle':
      return `<path d="M-50 0V-60H-34V-70H-26V-60H-18V-70H-10V-60H10V-70H18V-60H26V-70H34V-60H50V0Z" fill="${fill}" ${line}/><path d="M-50 -60V-100H-30V-60M30 -60V-100H50V-60" fill="${fill}" ${line}/><path d="M-54 -100L-40 -124L-26 -100ZM26 -100L40 -124L54 -100Z" fill="#4a6fc2" ${line}/><path d="M-12 0V-22A12 12 0 0 1 12 -22V0Z" fill="${INK}"/>`;
    case 'boat':
      return `<path d="M-46 -16H46L32 0H-32Z" fill="#7a4a2a" ${line}/><path d="M0 -18V-90L38 -22Z" fill="${fill}" ${line}/><path d="M-4 -22V-80L-36 -22Z" fill="${fill}" ${line}/>`;
    case 'kite':
      return `<path d="M0 -100L22 -70L0 -30L-22 -70Z" fill="${fill}" ${line}/><path d="M0 -30Q10 -10 -6 10Q-16 30 4 50" fill="none" stroke="${INK}" stroke-width="2"/>`;
    case 'flowers':
      return [-40, -14, 12, 36]
        .map(
          (x, i) =>
            `<path d="M${x} 0V-${22 + (i % 2) * 10}" stroke="#3c7a34" stroke-width="3"/><circle cx="${x}" cy="-${26 + (i % 2) * 10}" r="9" fill="${fill}" ${line}/><circle cx="${x}" cy="-${26 + (i % 2) * 10}" r="3.5" fill="#ffe14d"/>`,
        )
        .join('');
    case 'heart':
      return `<path d="M0 -20C-30 -40 -50 -70 -26 -86C-12 -94 0 -84 0 -74C0 -84 12 -94 26 -86C50 -70 30 -40 0 -20Z" fill="${fill}" ${line}/>`;
    case 'star':
      return `<path d="M0 -100L11 -66L46 -66L18 -46L28 -12L0 -32L-28 -12L-18 -46L-46 -66L-11 -66Z" fill="${fill}" ${line}/>`;
    case 'rocket':
      return `<path d="M0 -120C22 -96 22 -50 16 -24H-16C-22 -50 -22 -96 0 -120Z" fill="${fill}" ${line}/><circle cx="0" cy="-76" r="9" fill="#7fc6ff" ${line}/><path d="M-16 -40L-32 -16H-16ZM16 -40L32 -16H16Z" fill="#e0473b" ${line}/><path d="M-10 -22Q0 6 10 -22Z" fill="#ffb03b"/>`;
    case 'lighthouse':
      return `<path d="M-20 0L-12 -100H12L20 0Z" fill="#fff" ${line}/><path d="M-18 -24H18L16 -48H-16ZM-15 -70H15L13 -92H-13Z" fill="${fill}"/><rect x="-14" y="-118" width="28" height="18" fill="#ffe27a" ${line}/><path d="M-18 -118L0 -132L18 -118Z" fill="${fill}" ${line}/>`;
    case 'umbrella':
      return `<path d="M0 -70V-6Q0 2 -8 2" fill="none" stroke="${INK}" stroke-width="3"/><path d="M-44 -66A44 40 0 0 1 44 -66Q33 -74 22 -66Q11 -74 0 -66Q-11 -74 -22 -66Q-33 -74 -44 -66Z" fill="${fill}" ${line}/>`;
    case 'car':
      return `<path d="M-50 -12V-32L-36 -34L-22 -54H20L36 -34L50 -30V-12Z" fill="${fill}" ${line}/><path d="M-16 -48H0V-36H-26ZM6 -48H18L28 -36H6Z" fill="#bfe3ff"/><circle cx="-28" cy="-10" r="10" fill="${INK}"/><circle cx="28" cy="-10" r="10" fill="${INK}"/>`;
  }
}
