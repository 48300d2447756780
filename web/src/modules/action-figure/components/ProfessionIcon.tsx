import type { ComponentType } from 'react';

import { IconBase, type IconProps } from '../../ui/icons/Icon';
import { IconBriefcase } from '../../ui/icons/icons';

type Icon = ComponentType<IconProps>;

const icon =
  (paths: string[], circles: [number, number, number][] = []): Icon =>
  (props: IconProps) => (
    <IconBase {...props}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
      {circles.map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} />
      ))}
    </IconBase>
  );

/** One line icon per profession preset (spec §2: each preset has an icon). */
export const PROFESSION_ICONS: Readonly<Record<string, Icon>> = {
  'GCSE Student': icon(['M2 9l10-5 10 5-10 5z', 'M6 11v5c3 2.5 9 2.5 12 0v-5', 'M22 9v5']),
  Doctor: icon([
    'M12 8v8',
    'M8 12h8',
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z',
  ]),
  Chef: icon(['M6 14a4 4 0 1 1 1.7-7.6A4.5 4.5 0 0 1 16.3 6.4 4 4 0 1 1 18 14v6H6z', 'M6 17h12']),
  Photographer: icon(
    ['M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z'],
    [[12, 13, 4]],
  ),
  Gamer: icon([
    'M6 8h12a4 4 0 0 1 4 4v2.5a3 3 0 0 1-5.4 1.8L15 14H9l-1.6 2.3A3 3 0 0 1 2 14.5V12a4 4 0 0 1 4-4z',
    'M7 10.5v3',
    'M5.5 12h3',
    'M15.5 11h.01',
    'M17.5 13h.01',
  ]),
  Artist: icon(
    [
      'M12 3a9 9 0 1 0 0 18c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1.1.9-2 2-2h2.4A4.6 4.6 0 0 0 22 9.8C22 6 17.5 3 12 3z',
    ],
    [
      [7.5, 11, 1],
      [10, 7, 1],
      [15, 7, 1],
    ],
  ),
  'Musician (Guitarist)': icon(
    ['M9 18V5l12-2v13'],
    [
      [6, 18, 3],
      [18, 16, 3],
    ],
  ),
  Astronaut: icon([
    'M12 2c3 2 5 6 5 10l-2 4H9l-2-4c0-4 2-8 5-10z',
    'M9 16l-3 3 1-5',
    'M15 16l3 3-1-5',
    'M10 20h4',
    'M12 8.5h.01',
  ]),
  'Fashion Designer': icon(
    ['M20 4 8.1 15.9', 'M14.5 14.5 20 20', 'M8.1 8.1 12 12'],
    [
      [6, 6, 3],
      [6, 18, 3],
    ],
  ),
  'Software Developer': icon(['m8 7-5 5 5 5', 'm16 7 5 5-5 5', 'M14 4l-4 16']),
  'Fitness Trainer': icon(['M6 6v12', 'M18 6v12', 'M3 9v6', 'M21 9v6', 'M6 12h12']),
  Baker: icon([
    'M5 11h14l-2 9H7z',
    'M5 11a4 4 0 0 1 3.3-5.9 4 4 0 0 1 7.4 0A4 4 0 0 1 19 11',
    'M10 14v3',
    'M14 14v3',
  ]),
  Pilot: icon([
    'M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z',
  ]),
  Firefighter: icon([
    'M12 22a7 7 0 0 0 7-7c0-4-3-6.5-4-10-2 2-3 4-3 6-1-1-2-2.5-2-4.5C8 8.5 5 11.5 5 15a7 7 0 0 0 7 7z',
  ]),
  'Police Officer': icon([
    'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
    'm12 8 1.2 2.4 2.6.4-1.9 1.8.5 2.6L12 14l-2.4 1.2.5-2.6-1.9-1.8 2.6-.4z',
  ]),
  Journalist: icon([
    'M4 5h13v14a1 1 0 0 0 1 1H5a1 1 0 0 1-1-1z',
    'M17 9h3v10a1 1 0 0 1-2 0',
    'M7 9h7',
    'M7 13h7',
    'M7 17h4',
  ]),
  Entrepreneur: icon(['M3 17l6-6 4 4 8-8', 'M14 7h7v7']),
  YouTuber: icon([
    'M6 5h12a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4z',
    'm10 9 5 3-5 3z',
  ]),
  Engineer: icon([
    'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
  ]),
  Teacher: icon([
    'M2 5h6a4 4 0 0 1 4 4v11a3 3 0 0 0-3-3H2z',
    'M22 5h-6a4 4 0 0 0-4 4v11a3 3 0 0 1 3-3h7z',
  ]),
};

export const ProfessionIcon = ({ profession, ...props }: IconProps & { profession: string }) => {
  const Icon = PROFESSION_ICONS[profession] ?? IconBriefcase;
  return <Icon {...props} />;
};
