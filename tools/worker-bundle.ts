import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Where the Worker's build (dist/up2) keeps its module graph, beside Vite's manifest; never uploaded. */
export const moduleGraphFile = '.vite/module-graph.json';

/** One chunk of the Worker's build: what it holds, what it imports statically and by `import()`. */
type BuiltChunk = {
  isEntry: boolean;
  bytes: number;
  imports: string[];
  dynamicImports: string[];
  /** Each source module in the chunk (a file, or a file of a package) and its bytes there. */
  modules: Record<string, number>;
};

export type ModuleGraph = Record<string, BuiltChunk>;

/** Where the Worker's build keeps which of the project's own files import which; never uploaded. */
const moduleImportsFile = '.vite/module-imports.json';

/** Each of the project's files in the Worker's build (from the root): the project's files it imports. */
export type ModuleImports = Record<string, { imports: string[]; dynamicImports: string[] }>;

/** Budgets of issue 38: what an isolate evaluates at start, and the upload a Free account accepts. */
export const startupBudgetBytes = 1024 * 1024;
export const uploadGzipBudgetBytes = 3 * 1024 * 1024;

/** Writes the Worker build's module graph (chunks, their modules, static and dynamic imports). */
export function workerModuleGraph(): Plugin {
  return {
    name: 'up2:worker-module-graph',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'server') return;
      const graph: ModuleGraph = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        graph[output.fileName] = {
          isEntry: output.isEntry,
          bytes: Buffer.byteLength(output.code),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]),
          ),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: moduleGraphFile,
        source: JSON.stringify(graph, null, 1),
      });
      const root = this.environment.config.root;
      const projectFile = (id: string) =>
        id.startsWith(`${root}/`) && !/[\0?]|\/node_modules\//.test(id) ? relative(root, id) : null;
      const projectFiles = (ids: readonly string[]) => ids.flatMap((id) => projectFile(id) ?? []);
      const imports: ModuleImports = {};
      for (const id of this.getModuleIds()) {
        const file = projectFile(id);
        const info = this.getModuleInfo(id);
        if (!file || !info) continue;
        imports[file] = {
          imports: projectFiles(info.importedIds),
          dynamicImports: projectFiles(info.dynamicallyImportedIds),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: moduleImportsFile,
        source: JSON.stringify(imports),
      });
    },
  };
}

/** The entry's chunk and every chunk it reaches through static imports: what an isolate starts with. */
function startupChunks(graph: ModuleGraph): string[] {
  const entry = Object.keys(graph).find((fileName) => graph[fileName]?.isEntry);
  if (!entry) throw new Error('The Worker build has no entry chunk.');
  const reached = new Set([entry]);
  for (const fileName of reached) {
    for (const imported of graph[fileName]?.imports ?? []) reached.add(imported);
  }
  return [...reached];
}

/** The source modules (files, node_modules packages) an isolate evaluates at start. */
export function startupModuleIds(graph: ModuleGraph): string[] {
  return startupChunks(graph).flatMap((fileName) => Object.keys(graph[fileName]?.modules ?? {}));
}

function readModuleGraph(outDir: string): ModuleGraph {
  return JSON.parse(readFileSync(join(outDir, moduleGraphFile), 'utf8'));
}

export function readModuleImports(outDir: string): ModuleImports {
  return JSON.parse(readFileSync(join(outDir, moduleImportsFile), 'utf8'));
}

/** The files wrangler uploads as the Worker's modules: JavaScript, WebAssembly and data, no source maps. */
function uploadedFiles(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|mjs|wasm|bin)$/.test(file))
    .map((file) => join(outDir, file));
}

export type WorkerSizes = { startupBytes: number; uploadBytes: number; uploadGzipBytes: number };

/** The sizes as wrangler counts them: the upload gzipped as one stream of all its modules. */
export function workerSizes(outDir: string): WorkerSizes {
  const graph = readModuleGraph(outDir);
  const startupBytes = startupChunks(graph).reduce(
    (total, fileName) => total + (graph[fileName]?.bytes ?? 0),
    0,
  );
  const upload = Buffer.concat(uploadedFiles(outDir).map((file) => readFileSync(file)));
  return {
    startupBytes,
    uploadBytes: upload.byteLength,
    uploadGzipBytes: gzipSync(upload).byteLength,
  };
}
