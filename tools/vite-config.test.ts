import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadChunks, firstPageRadixPackages, lucideCoreModules } from '../vite.config';

// The first-load chunks pick modules by the paths libraries give their files: these tests fail
// when a library moves, renames or adds the files those paths name.

const require = createRequire(import.meta.url);
const [readerCore, appCore] = firstLoadChunks;

type Manifest = { name?: string; dependencies?: Record<string, string> };

/** Where a package lives, as the bundler sees its modules (an absolute path in node_modules). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!isPackageRoot(dir, name)) {
    if (dirname(dir) === dir) throw new Error(`no package.json of ${name}`);
    dir = dirname(dir);
  }
  return dir;
}

function isPackageRoot(dir: string, name: string): boolean {
  const file = join(dir, 'package.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as Manifest).name === name;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('app-core', () => {
  it.each([
    'react',
    'react-dom',
    'scheduler',
    'react-router',
    'react-router-dom',
    '@tanstack/react-query',
    '@tanstack/query-core',
    'clsx',
    'class-variance-authority',
  ])('takes in every module of %s', (name) => {
    const entry = require.resolve(name);
    expect(appCore?.test.test(entry), entry).toBe(true);
  });

  it('names exactly the Radix packages the tabs and avatars use, and every one they depend on', () => {
    const needed = new Set<string>();
    const visit = (name: string) => {
      if (needed.has(name)) return;
      needed.add(name);
      const manifest = JSON.parse(
        readFileSync(join(packageDir(`@radix-ui/${name}`), 'package.json'), 'utf8'),
      ) as Manifest;
      for (const dependency of Object.keys(manifest.dependencies ?? {})) {
        if (dependency.startsWith('@radix-ui/')) visit(dependency.slice('@radix-ui/'.length));
      }
    };
    visit('react-tabs');
    visit('react-avatar');
    expect(new Set(firstPageRadixPackages)).toEqual(needed);
    for (const name of needed) {
      const entry = require.resolve(`@radix-ui/${name}`);
      expect(appCore?.test.test(entry), entry).toBe(true);
    }
  });

  it("takes in every module of lucide-react's build that draws an icon, and no icon", () => {
    const esm = join(packageDir('lucide-react'), 'dist', 'esm');
    const modules = filesUnder(esm)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => relative(esm, file));
    // Each name still names a file the library ships.
    for (const name of lucideCoreModules) {
      expect(
        modules.some((module) => module.startsWith(name)),
        name,
      ).toBe(true);
    }
    const drawing = modules.filter(
      (module) => !module.startsWith('icons/') && !/^dynamicIconImports|^DynamicIcon/i.test(module),
    );
    for (const module of drawing) {
      expect(appCore?.test.test(join(esm, module)), module).toBe(true);
    }
    const heart = require.resolve('lucide-react/icons/heart');
    expect(appCore?.test.test(heart), heart).toBe(false);
  });
});

describe('reader-core', () => {
  it("takes in hono's client, the module the API client is built on", () => {
    const client = require.resolve('hono/client');
    expect(readerCore?.test.test(client), client).toBe(true);
  });
});
