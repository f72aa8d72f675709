import { describe, expect, it } from 'vitest';
import { drawingModules } from './reader-stylesheet';

const file = (imports: string[] = [], dynamicImports: string[] = []) => ({
  imports,
  dynamicImports,
});

describe("the reader stylesheet's sources", () => {
  it("are the renderers and what they draw with, the router's screens included, not a dialog fetched when the visitor acts", () => {
    const graph = {
      'worker/render/board-page.ts': file(['web/server.tsx', 'worker/platform/edge-cache.ts']),
      'worker/render/og-image.ts': file([], ['worker/render/og-card.tsx']),
      'worker/render/og-card.tsx': file(),
      'worker/platform/edge-cache.ts': file(['web/lib/unrelated.ts']),
      'web/server.tsx': file(['web/app/router.tsx', 'schema/boards.ts']),
      'web/app/router.tsx': file(['web/app/lazy-screen.ts'], ['web/app/routes/board.tsx']),
      'web/app/lazy-screen.ts': file(),
      'web/app/routes/board.tsx': file(
        ['web/components/ui/button.tsx'],
        ['web/features/report-dialog.tsx'],
      ),
      'web/components/ui/button.tsx': file(),
      'web/features/report-dialog.tsx': file(['web/components/ui/dialog.tsx']),
      'web/components/ui/dialog.tsx': file(),
      'web/lib/unrelated.ts': file(),
      'schema/boards.ts': file(),
    };
    expect(drawingModules(graph)).toEqual([
      'web/app/lazy-screen.ts',
      'web/app/router.tsx',
      'web/app/routes/board.tsx',
      'web/components/ui/button.tsx',
      'web/server.tsx',
      'worker/render/board-page.ts',
      'worker/render/og-card.tsx',
      'worker/render/og-image.ts',
    ]);
  });
});
