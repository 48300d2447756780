import type { Direction, Place, TimeOfDay } from '../direction';
import type { Colour } from '../pixels';

// The scene's layers as SVG: ridges, clouds, the ground for each place, stars, weather.

export function hex([r, g, b]: Colour): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function parseHex(value: string): Colour {
  const n = parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: string, b: Colour, t: number): string {
  const c = parseHex(a);
  return hex([c[0] + (b[0] - c[0]) * t, c[1] + (b[1] - c[1]) * t, c[2] + (b[2] - c[2]) * t]);
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length) % list.length]!;
}

/** A smooth ridge line across the width, as an SVG path closed at the bottom. */
function ridge(
  random: () => number,
  size: number,
  base: number,
  amplitude: number,
  bumps: number,
): string {
  const phase = random() * Math.PI * 2;
  const phase2 = random() * Math.PI * 2;
  const points: string[] = [];
  for (let i = 0; i <= 24; i++) {
    const x = (i / 24) * size;
    const t = i / 24;
    const y =
      base -
      amplitude *
        (0.6 * Math.sin(t * Math.PI * bumps + phase) +
          0.4 * Math.sin(t * Math.PI * bumps * 2.3 + phase2));
    points.push(`${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return `M0 ${size}L${points.join('L')}L${size} ${size}Z`;
}

export function clouds(
  random: () => number,
  size: number,
  horizon: number,
  fill: string,
  count: number,
): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = random() * size;
    const cy = (0.08 + random() * 0.5) * horizon;
    const w = size * (0.12 + random() * 0.14);
    const puffs = [0, 1, 2, 3]
      .map((k) => {
        const px = cx + (k - 1.5) * w * 0.32;
        const r = w * (0.18 + ((k * 37 + i * 11) % 7) / 40);
        return `<circle cx="${px.toFixed(1)}" cy="${(cy - (k % 2) * r * 0.5).toFixed(1)}" r="${r.toFixed(1)}"/>`;
      })
      .join('');
    parts.push(
      `<g fill="${fill}">${puffs}<rect x="${(cx - w * 0.55).toFixed(1)}" y="${cy.toFixed(1)}" width="${(w * 1.1).toFixed(1)}" height="${(w * 0.18).toFixed(1)}" rx="${(w * 0.09).toFixed(1)}"/></g>`,
    );
  }
  return parts.join('');
}

export function ground(
  place: Place,
  random: () => number,
  size: number,
  horizon: number,
  time: TimeOfDay,
  line: string,
): string {
  const dark = time === 'night' ? 0.55 : time === 'sunset' ? 0.2 : 0;
  const shade = (c: string): string => mix(c, [20, 24, 60], dark);
  switch (place) {
    case 'meadow':
      return [
        `<path d="${ridge(random, size, horizon - size * 0.02, size * 0.05, 1.5)}" fill="${shade('#8cc47a')}" ${line}/>`,
        `<path d="${ridge(random, size, horizon + size * 0.06, size * 0.04, 2)}" fill="${shade('#6fb35a')}" ${line}/>`,
        `<path d="${ridge(random, size, horizon + size * 0.16, size * 0.03, 2.5)}" fill="${shade('#5a9e48')}" ${line}/>`,
        flowersAcross(random, size, horizon + size * 0.22, shade),
      ].join('');
    case 'mountain': {
      const peaks: string[] = [];
      for (let i = 0; i < 4; i++) {
        const x = (i / 3) * size + (random() - 0.5) * size * 0.2;
        const h = size * (0.2 + random() * 0.16);
        const w = size * (0.3 + random() * 0.1);
        peaks.push(
          `<path d="M${x - w} ${horizon}L${x} ${horizon - h}L${x + w} ${horizon}Z" fill="${shade('#7d8fb0')}" ${line}/><path d="M${x - w * 0.25} ${horizon - h * 0.75}L${x} ${horizon - h}L${x + w * 0.25} ${horizon - h * 0.75}L${x + w * 0.08} ${horizon - h * 0.68}L${x - w * 0.1} ${horizon - h * 0.74}Z" fill="#f6f8ff"/>`,
        );
      }
      return (
        peaks.join('') +
        `<path d="${ridge(random, size, horizon + size * 0.1, size * 0.03, 2)}" fill="${shade('#6aa55a')}" ${line}/>`
      );
    }
    case 'forest': {
      const trees: string[] = [];
      for (let row = 0; row < 2; row++) {
        const y = horizon + row * size * 0.07;
        const colour = shade(row === 0 ? '#3f7a4a' : '#2f6a3c');
        for (let i = 0; i < 14; i++) {
          const x = (i / 13) * size + (random() - 0.5) * size * 0.06;
          const h = size * (0.16 + random() * 0.1);
          trees.push(
            `<path d="M${x} ${y - h}L${x + h * 0.32} ${y}L${x - h * 0.32} ${y}Z" fill="${colour}" ${line}/>`,
          );
        }
      }
      return (
        trees.join('') +
        `<rect x="0" y="${horizon + size * 0.07}" width="${size}" height="${size}" fill="${shade('#4a7d3c')}"/>`
      );
    }
    case 'beach':
      return [
        `<rect x="0" y="${horizon}" width="${size}" height="${size * 0.14}" fill="${shade('#3f9bd0')}" ${line}/>`,
        `<path d="M0 ${horizon + size * 0.05}H${size}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="40 30"/>`,
        `<path d="${ridge(random, size, horizon + size * 0.16, size * 0.015, 1.2)}" fill="${shade('#f1d9a2')}" ${line}/>`,
      ].join('');
    case 'snow':
      return [
        `<path d="${ridge(random, size, horizon, size * 0.06, 1.4)}" fill="${shade('#dfe8f5')}" ${line}/>`,
        `<path d="${ridge(random, size, horizon + size * 0.12, size * 0.04, 2)}" fill="${shade('#f7fbff')}" ${line}/>`,
      ].join('');
    case 'desert':
      return [
        `<path d="${ridge(random, size, horizon, size * 0.05, 1.2)}" fill="${shade('#e8b877')}" ${line}/>`,
        `<path d="${ridge(random, size, horizon + size * 0.12, size * 0.04, 1.8)}" fill="${shade('#f2c98a')}" ${line}/>`,
      ].join('');
    case 'city': {
      const blocks: string[] = [];
      const lit = time === 'night' || time === 'sunset';
      let x = -10;
      while (x < size) {
        const w = size * (0.06 + random() * 0.07);
        const h = size * (0.12 + random() * 0.26);
        const colour = shade(pick(random, ['#8e9bb8', '#a3aec6', '#7c89a8', '#b5b0c8']));
        blocks.push(
          `<rect x="${x}" y="${horizon - h}" width="${w}" height="${h + size}" fill="${colour}" ${line}/>`,
        );
        for (let wy = horizon - h + 12; wy < horizon - 10; wy += 22) {
          for (let wx = x + 8; wx < x + w - 12; wx += 18) {
            if (random() < 0.55)
              blocks.push(
                `<rect x="${wx}" y="${wy}" width="8" height="10" fill="${lit ? '#ffe08a' : '#dfe9f7'}" fill-opacity="${lit ? 0.9 : 0.7}"/>`,
              );
          }
        }
        x += w + size * 0.008;
      }
      return (
        blocks.join('') +
        `<rect x="0" y="${horizon + size * 0.06}" width="${size}" height="${size}" fill="${shade('#6b6f7e')}" ${line}/>`
      );
    }
    case 'space': {
      const planet = `<circle cx="${size * (0.15 + random() * 0.7)}" cy="${horizon * (0.3 + random() * 0.3)}" r="${size * 0.08}" fill="#c77dd8"/><ellipse cx="0" cy="0" rx="0" ry="0"/>`;
      return (
        planet +
        `<path d="${ridge(random, size, horizon + size * 0.12, size * 0.03, 1.5)}" fill="#8a8aa0" ${line}/>` +
        [0, 1, 2, 3, 4]
          .map(
            () =>
              `<ellipse cx="${random() * size}" cy="${horizon + size * (0.18 + random() * 0.2)}" rx="${size * 0.04}" ry="${size * 0.012}" fill="#6c6c82"/>`,
          )
          .join('')
      );
    }
  }
}

function flowersAcross(
  random: () => number,
  size: number,
  y: number,
  shade: (c: string) => string,
): string {
  const dots: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = random() * size;
    const yy = y + random() * size * 0.2;
    const c = shade(pick(random, ['#ffffff', '#ffe14d', '#f59ac0', '#ffd2e6']));
    dots.push(
      `<circle cx="${x.toFixed(1)}" cy="${yy.toFixed(1)}" r="${(3 + random() * 4).toFixed(1)}" fill="${c}"/>`,
    );
  }
  return dots.join('');
}

export function stars(random: () => number, size: number, horizon: number): string {
  const out: string[] = [];
  for (let i = 0; i < 120; i++) {
    out.push(
      `<circle cx="${(random() * size).toFixed(1)}" cy="${(random() * horizon).toFixed(1)}" r="${(0.8 + random() * 2).toFixed(1)}" fill="#ffffff" fill-opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`,
    );
  }
  return out.join('');
}

export function weatherLayer(direction: Direction, random: () => number, size: number): string {
  switch (direction.weather) {
    case 'rain':
    case 'storm': {
      const drops: string[] = [];
      for (let i = 0; i < 260; i++) {
        const x = random() * size;
        const y = random() * size;
        drops.push(`M${x.toFixed(0)} ${y.toFixed(0)}l-8 26`);
      }
      const bolt =
        direction.weather === 'storm'
          ? `<path d="M${size * 0.8} 0L${size * 0.74} ${size * 0.18}L${size * 0.79} ${size * 0.18}L${size * 0.72} ${size * 0.36}" fill="none" stroke="#fff7a8" stroke-width="7"/>`
          : '';
      return `<path d="${drops.join('')}" stroke="#dce8ff" stroke-opacity="0.55" stroke-width="2.5"/>${bolt}`;
    }
    case 'snow': {
      const flakes: string[] = [];
      for (let i = 0; i < 220; i++) {
        flakes.push(
          `<circle cx="${(random() * size).toFixed(0)}" cy="${(random() * size).toFixed(0)}" r="${(2 + random() * 5).toFixed(1)}"/>`,
        );
      }
      return `<g fill="#ffffff" fill-opacity="0.85">${flakes.join('')}</g>`;
    }
    case 'fog':
      return `<defs><linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6f8" stop-opacity="0.1"/><stop offset="0.6" stop-color="#eef1f4" stop-opacity="0.55"/><stop offset="1" stop-color="#e8ecf0" stop-opacity="0.35"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#fog)"/>`;
    default:
      return '';
  }
}
