import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { type ModuleImports, readModuleImports } from './worker-bundle.ts';

/** The stylesheet of the pages the Worker draws for readers (its own entry of the client build). */
export const readerStylesheetEntry = 'web/reader.css';

/** The Worker's environment in the build (named after wrangler.toml's `name`). */
const workerEnvironment = 'up2';

/** The Worker's renderers: every page it draws starts in one of them. */
const renderers = 'worker/render/';

/** Where the markup of a page comes from: the renderers and the app's components they draw with. */
const drawingFolders = [renderers, 'web/'];

/** The one module whose `import()`s the server draws: the router's screens, loaded before rendering. */
const screenLoader = 'web/app/router.tsx';

/**
 * The files that can draw what a server-rendered page shows before the app starts: the
 * renderers and what they import, the router's screens included, but not what a component
 * fetches by `import()` when the visitor acts (a dialog, the toaster): the app's stylesheet is
 * loaded by then.
 */
export function drawingModules(graph: ModuleImports): string[] {
  const isDrawing = (file: string) => drawingFolders.some((folder) => file.startsWith(folder));
  const reached = new Set(Object.keys(graph).filter((file) => file.startsWith(renderers)));
  for (const file of reached) {
    const { imports = [], dynamicImports = [] } = graph[file] ?? {};
    for (const next of file === screenLoader ? [...imports, ...dynamicImports] : imports) {
      if (isDrawing(next)) reached.add(next);
    }
  }
  return [...reached].filter((file) => /\.tsx?$/.test(file)).sort();
}

/**
 * Tailwind scans no folder for the reader's stylesheet (`source(none)`): each file that draws a
 * server-rendered page becomes one of its `@source`s, before Tailwind reads it. The Cloudflare
 * plugin builds the Worker before the client, so the Worker's imports (tools/worker-bundle.ts)
 * are on disk; a build without them fails rather than ship a stylesheet missing the pages' classes.
 */
export function readerStylesheetSources(): Plugin {
  return {
    name: 'up2:reader-stylesheet-sources',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!file.endsWith(`/${readerStylesheetEntry}`)) return null;
      const { root, environments } = this.environment.getTopLevelConfig();
      const outDir = environments[workerEnvironment]?.build.outDir ?? '';
      const sources = drawingModules(readModuleImports(resolve(root, outDir))).map(
        (module) => `@source "${relative(dirname(file), resolve(root, module))}";`,
      );
      return { code: `${code}\n${sources.join('\n')}\n`, map: null };
    },
  };
}
