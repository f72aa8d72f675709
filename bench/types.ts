/**
 * `npm run bench:types` (and a section of `npm run bench`): what the web project's typecheck
 * costs, as `tsc --extendedDiagnostics` counts it, after writing the API client's type
 * (tools/api-types.ts) as `npm run typecheck` does. Aim: at most 300,000 instantiations
 * (docs/decisions/0042).
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const instantiationBudget = 300_000;

type TypecheckCost = { instantiations: number; types: number; checkSeconds: number };

function figure(diagnostics: string, name: string): number {
  const value = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(diagnostics)?.[1];
  if (value === undefined) throw new Error(`tsc printed no "${name}":\n${diagnostics}`);
  return Number(value);
}

export function webTypecheckCost(): TypecheckCost {
  execFileSync(process.execPath, [join(root, 'tools/api-types.ts')], { cwd: root });
  const diagnostics = execFileSync(
    process.execPath,
    [tsc, '-p', 'web/tsconfig.json', '--extendedDiagnostics'],
    { cwd: root, encoding: 'utf8' },
  );
  return {
    instantiations: figure(diagnostics, 'Instantiations'),
    types: figure(diagnostics, 'Types'),
    checkSeconds: figure(diagnostics, 'Check time'),
  };
}

export function describeCost({ instantiations, types, checkSeconds }: TypecheckCost): string {
  const within = instantiations <= instantiationBudget ? 'within' : 'over';
  return `Web typecheck: ${instantiations.toLocaleString('en')} instantiations (${within} the budget of ${instantiationBudget.toLocaleString('en')}), ${types.toLocaleString('en')} types, checked in ${checkSeconds} s`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(describeCost(webTypecheckCost()));
}
