import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// lucide-react-icon.d.ts declares what lucide-react's icon modules export beyond what the package
// declares for them. These tests hold the declaration to the modules as they are.

const require = createRequire(import.meta.url);

/** Every icon module the app imports, found in its source. */
function iconModulesInUse(): string[] {
  const sources = ['web/lib/block-looks.ts', 'web/features/blocks/components/block-card.tsx'];
  const names = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from 'lucide-react\/icons\/([a-z0-9-]+)'/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  return [...new Set(names)];
}

/** An icon module as the shim declares it. */
type IconModule = typeof import('lucide-react/icons/heart');

/** Every export the shim declares: the compiler keeps this list to the declaration. */
const declaredExports: Record<keyof IconModule, true> = { __iconData: true, default: true };

function isIconNode(node: unknown): boolean {
  return (
    Array.isArray(node) &&
    typeof node[0] === 'string' &&
    typeof node[1] === 'object' &&
    node[1] !== null
  );
}

describe("lucide-react's icon modules", () => {
  const modules = iconModulesInUse();

  it('are the ones the app imports', () => {
    expect(modules.length).toBeGreaterThan(70);
  });

  it.each(modules)(
    'lucide-react/icons/%s exports the shape as `__iconData` and the component as default, as declared',
    async (name) => {
      const icon: IconModule = await import(`lucide-react/icons/${name}`);
      expect(Object.keys(icon).sort()).toEqual(Object.keys(declaredExports).sort());
      expect(icon.__iconData.name).toBe(name);
      expect(icon.__iconData.node.length).toBeGreaterThan(0);
      expect(icon.__iconData.node.every(isIconNode)).toBe(true);
      // A forwardRef component, as LucideIcon is.
      expect(icon.default).toMatchObject({ $$typeof: Symbol.for('react.forward_ref') });
    },
  );

  it('are still declared by the package without `__iconData` (or the shim would be needless)', () => {
    const manifest = JSON.parse(
      readFileSync(join(dirname(require.resolve('lucide-react')), '../../package.json'), 'utf8'),
    ) as { exports: Record<string, { types?: string }> };
    const declared = manifest.exports['./icons/*']?.types;
    expect(declared).toBeDefined();
    const declaration = readFileSync(
      join(dirname(require.resolve('lucide-react')), '../..', declared ?? ''),
      'utf8',
    );
    expect(declaration).not.toContain('__iconData');
  });
});
