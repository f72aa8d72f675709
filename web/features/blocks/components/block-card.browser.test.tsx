import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { PublicBlock } from '../../../../schema/blocks';
import { answerApi } from '../../../test/api-answers';
import { aPublicBlock } from '../../../test/blocks';
import { renderInApp } from '../../../test/render-in-app';
import type { BoardSettings } from '../api/get-own-blocks';
import { BlockCard } from './block-card';
// What a board page loads with its cards: it counts Visit Link clicks.
import '../../../reader';

const board: BoardSettings = { globalImageRatio: 'square', hideAllImages: false, accent: 'violet' };

/** A 320 × 180 picture, drawn here so the card's image loads with a size of its own. */
function drawPicture(): string {
  const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 180 });
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#6d28d9';
    context.fillRect(0, 0, 320, 180);
  }
  return canvas.toDataURL('image/png');
}

const picture = drawPicture();

async function drawCard(
  block: PublicBlock,
  props: { onEdit?: () => void; board?: BoardSettings } = {},
) {
  return renderInApp(
    // The width of a card in a board's grid on a phone.
    <div style={{ width: 240 }}>
      <BlockCard block={block} board={props.board ?? board} onEdit={props.onEdit} />
    </div>,
  );
}

const progressBar = () => page.getByRole('progressbar', { name: 'Progress' });

/** The bar's filled part, as a share of its track, from the layout the browser drew. */
function filledShare(): number {
  const track = progressBar().element();
  const fill = track.firstElementChild as HTMLElement;
  return fill.getBoundingClientRect().width / track.getBoundingClientRect().width;
}

function fillClasses(): string {
  return (progressBar().element().firstElementChild as HTMLElement).className;
}

async function expectBar(percent: number) {
  await expect.element(progressBar()).toHaveAttribute('aria-valuenow', String(percent));
  await expect.element(page.getByText(`${percent}%`, { exact: true })).toBeVisible();
  expect(filledShare()).toBeCloseTo(percent / 100, 2);
}

describe('the progress bar', () => {
  it('is empty for a planned block, whatever progress it holds', async () => {
    await drawCard(aPublicBlock({ status: 'planned', progress: 40 }));
    await expectBar(0);
  });

  it('fills to the progress of a block in Now, in the board’s accent colour', async () => {
    await drawCard(aPublicBlock({ status: 'now', progress: 35 }));
    await expectBar(35);
    expect(fillClasses()).toContain('bg-accent');
  });

  it('is full and green for a done block, whatever progress it holds', async () => {
    await drawCard(aPublicBlock({ status: 'done', progress: 60 }));
    await expectBar(100);
    expect(fillClasses()).toContain('bg-green-600');
  });

  it('shows progress above 100 as 100', async () => {
    await drawCard(aPublicBlock({ status: 'now', progress: 130 }));
    await expectBar(100);
    expect(fillClasses()).not.toContain('bg-green-600');
  });

  it('shows progress below 0 as 0', async () => {
    await drawCard(aPublicBlock({ status: 'now', progress: -20 }));
    await expectBar(0);
  });

  it('is left out when the block does not track progress', async () => {
    await drawCard(aPublicBlock({ progressEnabled: false }));
    await expect.element(page.getByRole('heading', { name: 'Dune' })).toBeVisible();
    await expect.element(progressBar()).not.toBeInTheDocument();
  });
});

describe('the text', () => {
  const long =
    'Reading every book of the series, slowly, with notes in the margins and a map '.repeat(4);

  /** How many lines an element shows, from its drawn height and its line height. */
  function shownLines(element: HTMLElement): number {
    return Math.round(
      element.clientHeight / Number.parseFloat(getComputedStyle(element).lineHeight),
    );
  }

  it('clamps the title to 2 lines', async () => {
    await drawCard(aPublicBlock({ title: long }));
    const title = page.getByRole('heading').element() as HTMLElement;
    expect(title.scrollHeight).toBeGreaterThan(title.clientHeight);
    expect(shownLines(title)).toBe(2);
  });

  it('clamps the description to 3 lines', async () => {
    await drawCard(aPublicBlock({ description: long }));
    const description = page.getByText(long.trim()).element() as HTMLElement;
    expect(description.scrollHeight).toBeGreaterThan(description.clientHeight);
    expect(shownLines(description)).toBe(3);
  });
});

describe('Visit Link', () => {
  const visitLink = () => page.getByRole('link', { name: 'Visit Link (opens in a new tab)' });

  it('opens the block’s external link in a new tab, without giving it this page', async () => {
    await drawCard(aPublicBlock({ externalUrl: 'https://example.com/dune' }));
    await expect.element(visitLink()).toHaveAttribute('href', 'https://example.com/dune');
    await expect.element(visitLink()).toHaveAttribute('target', '_blank');
    await expect.element(visitLink()).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('records a click for the block when followed', async () => {
    const calls = answerApi(() => Response.json({ recorded: true }));
    // The test stays on this page: the new tab the link opens is not the card's to test.
    const stayHere = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stayHere);
    try {
      await drawCard(aPublicBlock({ externalUrl: 'https://example.com/dune' }));
      await visitLink().click();
      await expect
        .poll(() => calls.map(({ method, path }) => `${method} ${path}`))
        .toEqual(['POST /api/blocks/7/click']);
    } finally {
      window.removeEventListener('click', stayHere);
    }
  });

  it('is left out when the block has no link', async () => {
    await drawCard(aPublicBlock());
    await expect.element(page.getByRole('heading', { name: 'Dune' })).toBeVisible();
    await expect.element(visitLink()).not.toBeInTheDocument();
  });

  it('does not open an owner’s editor, while a click elsewhere on the card does', async () => {
    answerApi(() => Response.json({ recorded: true }));
    const stayHere = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stayHere);
    const onEdit = vi.fn();
    try {
      await drawCard(
        aPublicBlock({ externalUrl: 'https://example.com/dune', subtitle: 'Frank Herbert' }),
        {
          onEdit,
        },
      );
      await visitLink().click();
      expect(onEdit).not.toHaveBeenCalled();
      await page.getByText('Frank Herbert').click();
      expect(onEdit).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('click', stayHere);
    }
  });
});

describe('the image viewer', () => {
  const viewButton = () => page.getByRole('button', { name: 'View image: Dune' });
  const viewer = () => page.getByRole('dialog', { name: 'Dune' });
  /** Whether the viewer (a popover, out of the accessibility tree while closed) is open. */
  const viewerOpen = () => document.querySelector('[popover]')?.matches(':popover-open');

  it('opens the image at full size when the image is clicked, and Escape closes it', async () => {
    await drawCard(aPublicBlock({ imageUrl: picture }));
    expect(viewerOpen()).toBe(false);
    await viewButton().click();
    await expect.element(viewer()).toBeVisible();
    await expect
      .element(viewer().getByRole('img', { name: 'Dune' }))
      .toHaveAttribute('src', picture);
    await userEvent.keyboard('{Escape}');
    await expect.poll(viewerOpen).toBe(false);
  });

  it('closes on a click on the dark overlay around the image', async () => {
    await drawCard(aPublicBlock({ imageUrl: picture }));
    await viewButton().click();
    await expect.element(viewer()).toBeVisible();
    // Where the card's title is drawn, the overlay now lies over it: the click lands on the overlay.
    await userEvent.click(page.getByRole('heading', { name: 'Dune' }), { force: true });
    await expect.poll(viewerOpen).toBe(false);
  });

  it('closes with its Close button', async () => {
    await drawCard(aPublicBlock({ imageUrl: picture }));
    await viewButton().click();
    await viewer().getByRole('button', { name: 'Close' }).click();
    await expect.poll(viewerOpen).toBe(false);
  });

  it('is not offered for an image that fails to load', async () => {
    await drawCard(aPublicBlock({ imageUrl: '/no-such-picture.png' }));
    await expect.element(page.getByRole('heading', { name: 'Dune' })).toBeVisible();
    await expect.element(viewButton()).not.toBeInTheDocument();
  });

  it('is not offered when the board hides every image', async () => {
    await drawCard(aPublicBlock({ imageUrl: picture }), {
      board: { ...board, hideAllImages: true },
    });
    await expect.element(page.getByRole('heading', { name: 'Dune' })).toBeVisible();
    await expect.element(viewButton()).not.toBeInTheDocument();
  });
});
