import { STYLE_TEMPLATES } from '../../prompts/style-prompts';
import type { StyleId } from '../image-provider';
import type { Colour } from './pixels';
import { seededRandom } from './pixels';

/**
 * What the preview engine takes from a prompt. It reads words, not sentences: colours, the
 * time of day, the weather, a place and named things to put in the background. Everything
 * else in the prompt is for the production model.
 */
export type Place =
  'meadow' | 'beach' | 'city' | 'forest' | 'snow' | 'mountain' | 'space' | 'desert';
export type TimeOfDay = 'day' | 'dawn' | 'sunset' | 'night';
export type Weather = 'clear' | 'cloudy' | 'rain' | 'snow' | 'fog' | 'storm';
export type SceneObject =
  | 'doghouse'
  | 'house'
  | 'tree'
  | 'balloon'
  | 'rainbow'
  | 'moon'
  | 'castle'
  | 'boat'
  | 'kite'
  | 'flowers'
  | 'heart'
  | 'star'
  | 'rocket'
  | 'lighthouse'
  | 'umbrella'
  | 'car';

export interface NamedObject {
  readonly kind: SceneObject;
  /** A colour word right before it ("a red doghouse"). */
  readonly colour: Colour | null;
}

export interface Direction {
  readonly seed: number;
  /** A fresh random stream for this seed and prompt; each caller gets the same sequence. */
  readonly random: () => () => number;
  readonly place: Place | null;
  readonly time: TimeOfDay | null;
  readonly weather: Weather | null;
  /** A colour named on its own ("in blue"): the scene's accent. */
  readonly colour: Colour | null;
  readonly objects: readonly NamedObject[];
  /** The recognised words, in prompt order (shown in tests and logs). */
  readonly understood: readonly string[];
}

export const COLOURS: Record<string, Colour> = {
  red: [214, 52, 52],
  crimson: [180, 30, 60],
  orange: [240, 140, 40],
  yellow: [246, 206, 60],
  gold: [224, 176, 50],
  golden: [224, 176, 50],
  green: [70, 160, 80],
  mint: [150, 220, 180],
  teal: [40, 150, 150],
  turquoise: [60, 200, 200],
  blue: [60, 110, 210],
  navy: [30, 50, 120],
  purple: [130, 70, 180],
  violet: [140, 90, 200],
  lavender: [180, 160, 230],
  pink: [240, 130, 180],
  brown: [130, 85, 50],
  black: [30, 30, 34],
  white: [245, 245, 240],
  grey: [140, 140, 140],
  gray: [140, 140, 140],
  silver: [190, 194, 200],
};

const PLACES: Record<string, Place> = {
  meadow: 'meadow',
  field: 'meadow',
  fields: 'meadow',
  countryside: 'meadow',
  garden: 'meadow',
  park: 'meadow',
  grass: 'meadow',
  beach: 'beach',
  sea: 'beach',
  ocean: 'beach',
  seaside: 'beach',
  coast: 'beach',
  island: 'beach',
  city: 'city',
  town: 'city',
  street: 'city',
  downtown: 'city',
  skyline: 'city',
  tokyo: 'city',
  paris: 'city',
  forest: 'forest',
  woods: 'forest',
  jungle: 'forest',
  snow: 'snow',
  arctic: 'snow',
  mountain: 'mountain',
  mountains: 'mountain',
  hills: 'mountain',
  alps: 'mountain',
  space: 'space',
  galaxy: 'space',
  planet: 'space',
  stars: 'space',
  desert: 'desert',
  dunes: 'desert',
};

const TIMES: Record<string, TimeOfDay> = {
  day: 'day',
  daytime: 'day',
  noon: 'day',
  afternoon: 'day',
  morning: 'dawn',
  dawn: 'dawn',
  sunrise: 'dawn',
  sunset: 'sunset',
  dusk: 'sunset',
  evening: 'sunset',
  twilight: 'sunset',
  night: 'night',
  midnight: 'night',
  nighttime: 'night',
  starry: 'night',
};

const WEATHER: Record<string, Weather> = {
  sunny: 'clear',
  clear: 'clear',
  cloud: 'cloudy',
  clouds: 'cloudy',
  cloudy: 'cloudy',
  overcast: 'cloudy',
  rain: 'rain',
  rainy: 'rain',
  raining: 'rain',
  drizzle: 'rain',
  snow: 'snow',
  snowy: 'snow',
  snowing: 'snow',
  snowfall: 'snow',
  winter: 'snow',
  fog: 'fog',
  foggy: 'fog',
  mist: 'fog',
  misty: 'fog',
  storm: 'storm',
  stormy: 'storm',
  thunder: 'storm',
  lightning: 'storm',
};

const OBJECTS: Record<string, SceneObject> = {
  doghouse: 'doghouse',
  kennel: 'doghouse',
  house: 'house',
  cottage: 'house',
  cabin: 'house',
  tree: 'tree',
  trees: 'tree',
  balloon: 'balloon',
  balloons: 'balloon',
  rainbow: 'rainbow',
  moon: 'moon',
  castle: 'castle',
  boat: 'boat',
  sailboat: 'boat',
  ship: 'boat',
  kite: 'kite',
  flower: 'flowers',
  flowers: 'flowers',
  heart: 'heart',
  hearts: 'heart',
  star: 'star',
  rocket: 'rocket',
  lighthouse: 'lighthouse',
  umbrella: 'umbrella',
  car: 'car',
};

/** What the creator tells users the preview engine follows. */
export const UNDERSTOOD_WORDS = {
  colours: Object.keys(COLOURS).filter((word) => word !== 'gray' && word !== 'golden'),
  times: ['morning', 'day', 'sunset', 'night'],
  weather: ['sunny', 'cloudy', 'rain', 'snow', 'fog', 'storm'],
  places: ['meadow', 'beach', 'city', 'forest', 'snow', 'mountains', 'space', 'desert'],
  objects: Object.keys(OBJECTS).filter((word) => !/s$/.test(word) || word === 'flowers'),
} as const;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The user's own words: the server appends the style's guidance, which is not theirs. */
export function userWords(style: StyleId, prompt: string): string {
  const guidance = STYLE_TEMPLATES[style].guidance;
  const own = prompt.endsWith(guidance) ? prompt.slice(0, -guidance.length) : prompt;
  return own.trim() === STYLE_TEMPLATES[style].defaultPrompt + '.' ? '' : own;
}

export function readDirection(prompt: string, seed: number): Direction {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  let place: Place | null = null;
  let time: TimeOfDay | null = null;
  let weather: Weather | null = null;
  let colour: Colour | null = null;
  const objects: NamedObject[] = [];
  const understood: string[] = [];
  words.forEach((word, i) => {
    const object = OBJECTS[word];
    if (object) {
      const before = [words[i - 1], words[i - 2]].find((w) => w !== undefined && COLOURS[w]);
      if (!objects.some((o) => o.kind === object)) {
        objects.push({ kind: object, colour: before ? COLOURS[before]! : null });
      }
      understood.push(word);
      if (object === 'moon') time ??= 'night';
      return;
    }
    const known = COLOURS[word];
    if (known) {
      const next = [words[i + 1], words[i + 2]].some((w) => w !== undefined && OBJECTS[w]);
      if (!next) colour ??= known;
      understood.push(word);
    }
    if (PLACES[word]) {
      place ??= PLACES[word]!;
      understood.push(word);
    }
    if (TIMES[word]) {
      time ??= TIMES[word]!;
      understood.push(word);
    }
    if (WEATHER[word]) {
      weather ??= WEATHER[word]!;
      if (!understood.includes(word)) understood.push(word);
    }
  });
  if (place === 'space') time ??= 'night';
  const salt = hash(understood.join(' '));
  return {
    seed,
    random: () => seededRandom((seed ^ salt) >>> 0),
    place,
    time,
    weather,
    colour,
    objects,
    understood,
  };
}
