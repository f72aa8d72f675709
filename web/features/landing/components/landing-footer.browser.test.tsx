import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { renderInApp } from '../../../test/render-in-app';
import { LandingFooter } from './landing-footer';

afterEach(() => {
  vi.useRealTimers();
});

describe('the landing footer', () => {
  it('says © with the year the clock is in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 5, 1, 12));
    await renderInApp(<LandingFooter />);
    await expect.element(page.getByText(/^© \d{4} Up2$/)).toHaveTextContent('© 2031 Up2');
  });
});
