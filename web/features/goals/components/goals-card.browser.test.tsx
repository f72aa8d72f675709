import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { GoalsCard } from './goals-card';

function streakOf(current: number, longest: number) {
  answerApi(() => Response.json({ goals: [], timeZone: null, streak: { current, longest } }));
  return renderInApp(<GoalsCard year={2026} />);
}

describe('the goals card', () => {
  it('counts the streak in weeks as English says them: 1 week, 2 weeks', async () => {
    await streakOf(1, 2);
    await expect
      .element(page.getByText(/^Streak:/))
      .toHaveTextContent('Streak: 1 week · longest 2 weeks');
  });
});
