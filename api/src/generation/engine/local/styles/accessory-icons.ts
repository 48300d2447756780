/**
 * Simple toy-like pictograms for accessory slots, drawn in a 64×64 box. Chosen by keyword
 * from the accessory's label; unknown accessories get a generic star token.
 */

interface Icon {
  readonly keywords: readonly string[];
  readonly draw: (ink: string, fill: string) => string;
}

const ICONS: readonly Icon[] = [
  {
    keywords: ['helmet', 'hat', 'cap', 'hood', 'crown'],
    draw: (ink, fill) =>
      `<path d="M10 42a22 22 0 0 1 44 0v6H10z" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M20 40a12 10 0 0 1 24 0z" fill="${ink}" opacity="0.55"/><rect x="8" y="46" width="48" height="6" rx="3" fill="${ink}"/>`,
  },
  {
    keywords: ['rocket', 'shuttle', 'space', 'plane', 'jet', 'drone', 'model'],
    draw: (ink, fill) =>
      `<path d="M32 6c10 8 12 22 10 34H22C20 28 22 14 32 6z" fill="${fill}" stroke="${ink}" stroke-width="3"/><circle cx="32" cy="24" r="5" fill="${ink}"/><path d="M22 34l-8 12 9-2M42 34l8 12-9-2" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><path d="M27 42l5 14 5-14" fill="#ff8a2a"/>`,
  },
  {
    keywords: [
      'plan',
      'book',
      'note',
      'clipboard',
      'paper',
      'map',
      'journal',
      'script',
      'chart',
      'report',
      'exam',
      'homework',
      'menu',
      'recipe',
    ],
    draw: (ink, fill) =>
      `<rect x="14" y="8" width="36" height="48" rx="4" fill="${fill}" stroke="${ink}" stroke-width="3"/><rect x="24" y="4" width="16" height="8" rx="2" fill="${ink}"/><path d="M21 24h22M21 32h22M21 40h14" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`,
  },
  {
    keywords: ['patch', 'badge', 'medal', 'award', 'trophy', 'star', 'certificate', 'pin'],
    draw: (ink, fill) =>
      `<circle cx="32" cy="32" r="22" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M32 18l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="${ink}"/>`,
  },
  {
    keywords: ['camera', 'photo', 'lens'],
    draw: (ink, fill) =>
      `<rect x="8" y="20" width="48" height="32" rx="5" fill="${fill}" stroke="${ink}" stroke-width="3"/><rect x="22" y="13" width="14" height="8" rx="2" fill="${ink}"/><circle cx="32" cy="36" r="10" fill="${ink}"/><circle cx="32" cy="36" r="5" fill="${fill}"/>`,
  },
  {
    keywords: ['laptop', 'computer', 'code', 'keyboard', 'tablet', 'monitor', 'screen'],
    draw: (ink, fill) =>
      `<rect x="12" y="14" width="40" height="28" rx="3" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M6 46h52l-4 6H10z" fill="${ink}"/><path d="M22 24l-5 5 5 5M42 24l5 5-5 5" stroke="${ink}" stroke-width="3" fill="none"/>`,
  },
  {
    keywords: ['guitar', 'music', 'microphone', 'mic', 'headphone', 'song', 'drum', 'piano'],
    draw: (ink, fill) =>
      `<path d="M24 12l22-6v34" fill="none" stroke="${ink}" stroke-width="4"/><ellipse cx="18" cy="46" rx="9" ry="7" fill="${fill}" stroke="${ink}" stroke-width="3"/><ellipse cx="40" cy="42" rx="9" ry="7" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M26 46V14" stroke="${ink}" stroke-width="4"/>`,
  },
  {
    keywords: ['coffee', 'mug', 'cup', 'tea', 'bottle', 'drink'],
    draw: (ink, fill) =>
      `<path d="M14 20h30v22a10 10 0 0 1-10 10H24a10 10 0 0 1-10-10z" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M44 26h4a6 6 0 0 1 0 12h-4" fill="none" stroke="${ink}" stroke-width="3"/><path d="M22 8c-3 4 3 6 0 10M32 8c-3 4 3 6 0 10" stroke="${ink}" stroke-width="2.5" fill="none"/>`,
  },
  {
    keywords: [
      'brush',
      'paint',
      'pen',
      'pencil',
      'palette',
      'sketch',
      'marker',
      'needle',
      'scissors',
    ],
    draw: (ink, fill) =>
      `<path d="M44 8l12 12-28 28-14 4 4-14z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><path d="M38 14l12 12" stroke="${ink}" stroke-width="3"/><path d="M18 38l8 8" stroke="${ink}" stroke-width="3"/>`,
  },
  {
    keywords: [
      'stethoscope',
      'medical',
      'first aid',
      'pill',
      'syringe',
      'bandage',
      'doctor',
      'kit',
    ],
    draw: (ink, fill) =>
      `<rect x="10" y="16" width="44" height="36" rx="6" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M32 24v20M22 34h20" stroke="#e23b3b" stroke-width="7" stroke-linecap="round"/><path d="M24 16v-6h16v6" fill="none" stroke="${ink}" stroke-width="3"/>`,
  },
  {
    keywords: ['fish', 'tuna', 'salmon', 'sushi'],
    draw: (ink, fill) =>
      `<path d="M8 32c10-14 28-14 38 0-10 14-28 14-38 0z" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M46 32l10-10v20z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><circle cx="18" cy="29" r="3" fill="${ink}"/>`,
  },
  {
    keywords: [
      'snack',
      'treat',
      'food',
      'cookie',
      'bread',
      'cake',
      'cupcake',
      'pizza',
      'donut',
      'croissant',
      'muffin',
      'pie',
    ],
    draw: (ink, fill) =>
      `<path d="M14 30h36l-6 24H20z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><path d="M24 30l2 24M32 30v24M40 30l-2 24" stroke="${ink}" stroke-width="2"/><path d="M12 30c0-12 10-18 20-18s20 6 20 18z" fill="#ff9ec4" stroke="${ink}" stroke-width="3"/><circle cx="32" cy="10" r="4" fill="#e23b3b"/>`,
  },
  {
    keywords: [
      'wrench',
      'spanner',
      'tool',
      'hammer',
      'screwdriver',
      'whisk',
      'spatula',
      'pan',
      'ladle',
      'hose',
      'axe',
      'extinguisher',
    ],
    draw: (ink, fill) =>
      `<path d="M40 8a14 14 0 0 0-12 20L10 46a5 5 0 0 0 8 8l18-18a14 14 0 0 0 20-12l-9 5-7-7 5-9z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>`,
  },
  {
    keywords: ['ball', 'yarn', 'toy', 'globe', 'planet'],
    draw: (ink, fill) =>
      `<circle cx="32" cy="32" r="22" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M14 22c12 4 24 14 30 28M12 36c12-2 24 4 30 16M22 12c10 8 22 10 32 8" fill="none" stroke="${ink}" stroke-width="2.5"/>`,
  },
  {
    keywords: ['box', 'bag', 'backpack', 'case', 'gift', 'package', 'suitcase', 'briefcase'],
    draw: (ink, fill) =>
      `<rect x="10" y="20" width="44" height="32" rx="4" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M24 20v-6h16v6" fill="none" stroke="${ink}" stroke-width="3"/><path d="M10 32h44" stroke="${ink}" stroke-width="3"/>`,
  },
  {
    keywords: ['dumbbell', 'weight', 'kettlebell', 'gym', 'fitness'],
    draw: (ink, fill) =>
      `<rect x="6" y="20" width="10" height="24" rx="3" fill="${fill}" stroke="${ink}" stroke-width="3"/><rect x="48" y="20" width="10" height="24" rx="3" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M16 32h32" stroke="${ink}" stroke-width="6"/>`,
  },
  {
    keywords: ['controller', 'gamepad', 'game', 'joystick', 'console'],
    draw: (ink, fill) =>
      `<path d="M14 22h36a8 8 0 0 1 8 9l-2 13a6 6 0 0 1-11 2l-4-6H23l-4 6a6 6 0 0 1-11-2L6 31a8 8 0 0 1 8-9z" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M18 30v8M14 34h8" stroke="${ink}" stroke-width="3"/><circle cx="42" cy="31" r="2.5" fill="${ink}"/><circle cx="47" cy="36" r="2.5" fill="${ink}"/>`,
  },
  {
    keywords: ['phone', 'smartphone', 'mobile'],
    draw: (ink, fill) =>
      `<rect x="20" y="6" width="24" height="52" rx="5" fill="${fill}" stroke="${ink}" stroke-width="3"/><rect x="24" y="13" width="16" height="34" fill="${ink}" opacity="0.35"/><circle cx="32" cy="52" r="2.5" fill="${ink}"/>`,
  },
];

function fallback(ink: string, fill: string): string {
  return `<path d="M32 6l7 17 18 2-14 12 4 18-15-9-15 9 4-18L7 25l18-2z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>`;
}

/** SVG markup of the icon for an accessory, in a 64×64 box at the origin. */
export function accessoryIcon(label: string, ink: string, fill: string): string {
  const lower = label.toLowerCase();
  // Word starts only, so "chat" is not a hat.
  const icon = ICONS.find((candidate) =>
    candidate.keywords.some((k) => new RegExp(`\\b${k}`).test(lower)),
  );
  return icon ? icon.draw(ink, fill) : fallback(ink, fill);
}
