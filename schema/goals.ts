import { z } from 'zod';
import { goalScopes } from './block-values';
import { blockTypeKeys, findBlockType } from './catalogue';
import { categories, categoryKeys } from './categories';
import { hasSomeField } from './fields';

/** A year holds a handful of goals, not a to-do list. */
export const maxGoalsPerYear = 12;
const maxGoalTarget = 1000;
/** The earliest year a goal can be set for. */
const firstGoalYear = 2000;

const goalYear = z
  .number({ error: 'year must be a whole number, like 2026.' })
  .int('year must be a whole number, like 2026.')
  .min(firstGoalYear, `year must be ${firstGoalYear} or later.`)
  .max(2100, 'year must be 2100 or earlier.');

const goalTarget = z
  .number({ error: 'target must be a whole number of blocks.' })
  .int('target must be a whole number of blocks.')
  .min(1, 'target must be at least 1 block.')
  .max(maxGoalTarget, `target must be at most ${maxGoalTarget} blocks.`);

const goalScope = z.enum(goalScopes, { error: 'scope must be any, category or type.' });
const scopeKey = z.string().trim().max(60).nullable();

/** Whether `key` names something of `scope`: nothing for any, a category, a block type. */
function scopeKeyFits(scope: (typeof goalScopes)[number], key: string | null | undefined) {
  if (scope === 'any') return key == null;
  if (scope === 'category') return (categoryKeys as readonly string[]).includes(key ?? '');
  return (blockTypeKeys as readonly string[]).includes(key ?? '');
}

const scopeKeyMessage = `scopeKey must be null for any, one of ${categoryKeys.join(', ')} for category, or a block type key for type.`;

/** `POST /api/goals`: "Finish 24 books in 2026". */
export const goalInput = z
  .strictObject({
    year: goalYear,
    target: goalTarget,
    scope: goalScope.default('any'),
    scopeKey: scopeKey.optional(),
    isPrivate: z.boolean({ error: 'isPrivate must be true or false.' }).default(false),
  })
  .refine((goal) => scopeKeyFits(goal.scope, goal.scopeKey), {
    message: scopeKeyMessage,
    path: ['scopeKey'],
  });

/** `PATCH /api/goals/{id}`: the target, what it counts, or whether visitors see it. */
export const goalChangeInput = z
  .strictObject({
    target: goalTarget,
    scope: goalScope,
    scopeKey,
    isPrivate: z.boolean({ error: 'isPrivate must be true or false.' }),
  })
  .partial()
  .refine(hasSomeField, 'Send target, scope, scopeKey or isPrivate.')
  .refine((goal) => goal.scope === undefined || scopeKeyFits(goal.scope, goal.scopeKey), {
    message: scopeKeyMessage,
    path: ['scopeKey'],
  });

/** A goal as visitors see it on a board: what it counts, and how far it got. */
export const publicGoal = z.object({
  id: z.number().int(),
  year: z.number().int(),
  target: z.number().int(),
  scope: z.enum(goalScopes),
  scopeKey: z.string().nullable(),
  // Blocks that reached Done in the year (the owner's time zone) and are still there.
  done: z.number().int(),
});
export type PublicGoal = z.output<typeof publicGoal>;

const ownGoal = publicGoal.extend({ isPrivate: z.boolean() });

export const goalsAnswer = z.object({
  goals: z.array(ownGoal),
  // The owner's time zone, where the years of goals begin; null until set (UTC meanwhile).
  timeZone: z.string().nullable(),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
});
export const goalAnswer = z.object({ goal: ownGoal });

/** What a goal counts, in words: "books", "Learning blocks", "blocks". */
function goalNoun(goal: Pick<PublicGoal, 'scope' | 'scopeKey'>): string {
  if (goal.scope === 'type') return findBlockType(goal.scopeKey ?? '')?.label ?? 'blocks';
  if (goal.scope === 'category') {
    const label = categories.find((c) => c.key === goal.scopeKey)?.label;
    return label ? `${label} blocks` : 'blocks';
  }
  return 'blocks';
}

/** "Finish 24 Books & Reading in 2026". */
export function goalTitle(goal: Pick<PublicGoal, 'scope' | 'scopeKey' | 'target' | 'year'>) {
  return `Finish ${goal.target} ${goalNoun(goal)} in ${goal.year}`;
}

/** A streak is shown on a board from this many weeks on. */
export const shownStreakWeeks = 2;
