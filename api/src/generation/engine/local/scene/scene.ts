import type { Direction, Place, TimeOfDay } from '../direction';
import type { Colour } from '../pixels';
import { OUTPUT_SIZE } from '../../../output-size';
import { IN_THE_SKY, OBJECT_DEFAULT_FILL, objectSvg } from './objects';
import { clouds, ground, hex, mix, pick, stars, weatherLayer } from './scene-layers';

/** A background scene from the prompt's words and the seed, as SVG. */
export interface SceneOptions {
  readonly size: number;
  /** Places a style picks from when the prompt names none (the seed chooses). */
  readonly defaultPlaces: readonly Place[];
  /** Times a style picks from when the prompt names none. */
  readonly defaultTimes: readonly TimeOfDay[];
  /** Outline the shapes (comic strip) or leave them soft (painted). */
  readonly outlined?: boolean;
  /** Where the subject stands (x range, 0..1) so named things go beside it. */
  readonly subjectSpan?: readonly [number, number];
}

export interface Scene {
  readonly place: Place;
  readonly time: TimeOfDay;
  /** Sky colour at the horizon, for grading the subject into the scene. */
  readonly light: Colour;
  readonly svg: string;
  /** Rain, snow or fog drawn over everything, or '' */
  readonly weatherSvg: string;
}

const SKIES: Record<TimeOfDay, [string, string, string]> = {
  day: ['#5aa8ec', '#9fd0f6', '#e4f3fc'],
  dawn: ['#8fa6e0', '#f4b9c4', '#ffe6b8'],
  sunset: ['#4b3f8f', '#e9786a', '#ffcf7a'],
  night: ['#070b24', '#17214f', '#34417a'],
};

const LIGHTS: Record<TimeOfDay, Colour> = {
  day: [255, 250, 240],
  dawn: [255, 220, 200],
  sunset: [255, 176, 120],
  night: [120, 140, 220],
};

export function buildScene(direction: Direction, options: SceneOptions): Scene {
  const random = direction.random();
  const { size } = options;
  const place = direction.place ?? pick(random, options.defaultPlaces);
  const time = direction.time ?? pick(random, options.defaultTimes);
  const horizon = size * (0.55 + random() * 0.1);
  const line = options.outlined ? 'stroke="#1d1a1a" stroke-width="5" stroke-linejoin="round"' : '';
  const grey =
    direction.weather === 'cloudy' || direction.weather === 'rain' || direction.weather === 'storm';
  let [top, middle, low] = SKIES[time];
  if (grey)
    [top, middle, low] = [
      mix(top, [110, 116, 130], 0.6),
      mix(middle, [150, 156, 168], 0.6),
      mix(low, [190, 194, 200], 0.5),
    ];
  if (direction.colour) {
    top = mix(top, direction.colour, 0.5);
    middle = mix(middle, direction.colour, 0.35);
  }
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${low}"/></linearGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#sky)"/>`,
  ];
  if (time === 'night' || place === 'space') parts.push(stars(random, size, horizon));
  const sunX = size * (random() < 0.5 ? 0.12 + random() * 0.2 : 0.68 + random() * 0.2);
  const sunY = horizon * (time === 'sunset' || time === 'dawn' ? 0.72 : 0.25 + random() * 0.15);
  if (!grey && place !== 'space') {
    parts.push(
      time === 'night'
        ? `<circle cx="${sunX}" cy="${sunY}" r="${size * 0.05}" fill="#fff3c4"/><circle cx="${sunX + size * 0.02}" cy="${sunY - size * 0.012}" r="${size * 0.045}" fill="${top}"/>`
        : `<circle cx="${sunX}" cy="${sunY}" r="${size * 0.11}" fill="#fff6d0" fill-opacity="0.35"/><circle cx="${sunX}" cy="${sunY}" r="${size * 0.055}" fill="${time === 'sunset' ? '#ffd07a' : '#fff8dc'}"/>`,
    );
  }
  const cloudFill = grey
    ? '#c9ced8'
    : time === 'night'
      ? '#3a4570'
      : time === 'sunset'
        ? '#ffc2a0'
        : '#ffffff';
  parts.push(clouds(random, size, horizon, cloudFill, grey ? 9 : 3 + Math.floor(random() * 3)));
  parts.push(ground(place, random, size, horizon, time, line));
  const span = options.subjectSpan ?? [0.3, 0.7];
  direction.objects.forEach((object, i) => {
    const fill = object.colour ? hex(object.colour) : OBJECT_DEFAULT_FILL[object.kind];
    const side = (i + (random() < 0.5 ? 0 : 1)) % 2 === 0;
    const room = side ? span[0] : 1 - span[1];
    const scale = Math.max(1.5, Math.min(2.2, (room * size) / 120)) * (size / OUTPUT_SIZE);
    const x = side
      ? Math.max(size * 0.13, (span[0] * size) / 2)
      : Math.min(size * 0.87, size - ((1 - span[1]) * size) / 2);
    const y = IN_THE_SKY.has(object.kind)
      ? horizon * (0.35 + random() * 0.25) + 50 * scale
      : horizon + size * (0.1 + random() * 0.06);
    parts.push(
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(2)})">${objectSvg(object.kind, fill)}</g>`,
    );
  });
  return {
    place,
    time,
    light: grey ? [200, 205, 215] : LIGHTS[time],
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join('')}</svg>`,
    weatherSvg: direction.weather
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${weatherLayer(direction, random, size)}</svg>`
      : '',
  };
}
