import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';

const suffix = '?binary';

/** Where the files imported as binary are copied under a `.bin` name (never committed). */
const copies = '.wrangler/binary-modules';

/**
 * `import bytes from './font.woff?binary'`: the file as the Worker's data module (an ArrayBuffer),
 * never base64 inside its JavaScript. The Cloudflare plugins take a `.bin` file as a data module
 * (in the build, `vite dev` and the tests alike), so the file is handed to them as a `.bin` copy.
 */
export function binaryModules(): Plugin {
  return {
    name: 'up2:binary-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith(suffix)) return null;
      const file = await this.resolve(source.slice(0, -suffix.length), importer, {
        ...options,
        skipSelf: true,
      });
      if (!file) return null;
      mkdirSync(copies, { recursive: true });
      const copy = join(process.cwd(), copies, `${basename(file.id)}.bin`);
      if (!existsSync(copy)) copyFileSync(file.id, copy);
      return this.resolve(copy, importer, { ...options, skipSelf: true });
    },
  };
}
