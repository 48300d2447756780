import path from 'node:path';

import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

type Chunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

const chunksOf = (bundle: OutputBundle): Chunk[] =>
  Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');

/** A chunk with everything it imports statically, as files, plus the CSS they import. */
const filesOf = (
  chunk: Chunk,
  byFile: Map<string, Chunk>,
  seen = new Set<string>(),
): Set<string> => {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const imported of chunk.imports) {
    const next = byFile.get(imported);
    if (next) filesOf(next, byFile, seen);
  }
  return seen;
};

/**
 * Route-aware preloading: a small inline script in index.html looks at the URL and adds
 * `modulepreload` (scripts) and `preload` (styles) links for that route's lazy chunks, so they
 * download alongside the entry instead of after it has run (one round trip less before the
 * first paint). Unknown paths preload nothing. Styles are preloaded with `crossorigin`, as Vite's
 * loader then asks for them: a preload in another credentials mode is not used, and the browser
 * downloads the file twice.
 */
export const routePreloads = (
  webRoot: string,
  routes: Readonly<Record<string, readonly string[]>>,
): Plugin => ({
  name: 'route-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      if (!context.bundle) return html;
      const chunks = chunksOf(context.bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The chunk each module ended up in (its own, or a group such as the shared UI chunk).
      const byModule = new Map(
        chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)),
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const alreadyLoaded = entry ? filesOf(entry, byFile) : new Set<string>();

      const files: string[] = [];
      const fileIndex = new Map<string, number>();
      const indexOf = (file: string) => {
        if (!fileIndex.has(file))
          fileIndex.set(file, files.push(file.replace(/^assets\//, '')) - 1);
        return fileIndex.get(file)!;
      };
      const groups: number[][] = [];
      const groupIndex = new Map<string, number>();
      const map: Record<string, number> = {};
      for (const [route, modules] of Object.entries(routes)) {
        const routeFiles = new Set<number>();
        for (const module of modules) {
          const chunk = byModule.get(path.join(webRoot, module));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (route ${route})`);
          for (const file of filesOf(chunk, byFile))
            if (!alreadyLoaded.has(file)) routeFiles.add(indexOf(file));
        }
        const group = [...routeFiles].sort((a, b) => a - b);
        const key = group.join(',');
        if (!groupIndex.has(key)) groupIndex.set(key, groups.push(group) - 1);
        map[route] = groupIndex.get(key)!;
      }
      const script = `(function(f,g,m){var p=location.pathname.replace(/\\/+$/,'').toLowerCase()||'/',i=m[p];if(i===undefined)return;g[i].forEach(function(n){var l=document.createElement('link'),h=f[n];if(/\\.css$/.test(h)){l.rel='preload';l.as='style';l.crossOrigin=''}else{l.rel='modulepreload'}l.href='/assets/'+h;document.head.appendChild(l)})})(${JSON.stringify(files)},${JSON.stringify(groups)},${JSON.stringify(map)})`;
      return {
        html,
        tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
      };
    },
  },
});
