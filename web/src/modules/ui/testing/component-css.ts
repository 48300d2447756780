import fs from 'node:fs';

/** A CSS module's text with its class names as this test run's import names them. */
export const moduleCss = (file: URL, names: Record<string, string>): string =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\.([a-zA-Z][\w-]*)/g, (whole, name: string) => `.${names[name] ?? name}`);

/** The theme's tokens and global rules, which every component's CSS builds on. */
export const themeCss = (): string =>
  ['tokens.css', 'global.css']
    .map((file) => fs.readFileSync(new URL(`../theme/${file}`, import.meta.url), 'utf8'))
    .join('\n');
