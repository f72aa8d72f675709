import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const suffix = '?inline-script';
const prefix = '\0inline-script:';

/**
 * A TypeScript module of the app compiled to the one minified IIFE a page carries inline (the
 * theme and viewer scripts, the embed's click counter), with the bundler Vite already uses, and
 * the files it was built from.
 */
export async function compileInlineScript(
  file: string,
): Promise<{ code: string; files: string[] }> {
  const bundle = await rolldown({ input: file, platform: 'browser', logLevel: 'warn' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const [chunk] = output;
    return { code: chunk.code.trim().replace(/;$/, ''), files: chunk.moduleIds };
  } finally {
    await bundle.close();
  }
}

/**
 * `import script from './x?inline-script'`: the module `./x` as the text of an inline script, so
 * the pages run the app's own code (its storage keys, its rules), never a copy retyped as a string.
 */
export function inlineScripts(): Plugin {
  return {
    name: 'up2:inline-scripts',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, {
        skipSelf: true,
      });
      return resolved ? `${prefix}${resolved.id}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const { code, files } = await compileInlineScript(id.slice(prefix.length));
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
