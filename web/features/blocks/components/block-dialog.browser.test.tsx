import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { BlockStatus } from '../../../../schema/block-values';
import { answerApi, heldAnswer } from '../../../test/api-answers';
import { anOwnBlock } from '../../../test/blocks';
import { renderInApp } from '../../../test/render-in-app';
import type { Block } from '../api/get-own-blocks';
import { BlockDialog, type BlockDialogOutcome } from './block-dialog';

const savedBlock = anOwnBlock({ label: 'Books & Reading' });

/** The dialog as a screen uses it: opened by a button, closed by the dialog itself. */
function DialogOnAScreen({
  block = null,
  initialStatus,
  onClosed,
}: {
  block?: Block | null;
  initialStatus?: BlockStatus;
  onClosed?: (outcome: BlockDialogOutcome) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <BlockDialog
        open={open}
        onOpenChange={setOpen}
        block={block}
        initialStatus={initialStatus}
        boardRatio="square"
        onClosed={onClosed}
      />
    </>
  );
}

const dialog = () => page.getByRole('dialog');
const statusSelect = () => page.getByRole('combobox', { name: 'Status' });
const progressSlider = () => page.getByRole('slider', { name: 'Progress' });
const progressText = (percent: number) => page.getByText(`Progress: ${percent}%`, { exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const field = (name: string) => page.getByRole('textbox', { name, exact: true });

async function chooseStatus(label: 'Now' | 'Planned' | 'Done') {
  await statusSelect().click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function expectStatusAndProgress(status: 'Now' | 'Planned' | 'Done', progress: number) {
  await expect.element(statusSelect()).toHaveTextContent(status);
  await expect.element(progressText(progress)).toBeVisible();
  await expect.element(progressSlider()).toHaveAttribute('aria-valuenow', String(progress));
}

/** A category's button, whose name goes on with its description. */
const categoryButton = (label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label}`) });

/**
 * The notification on screen (one shows at a time), as its title and description. It sits outside
 * the modal dialog, which hides the rest of the page from role queries while it is open.
 */
function notification(): string[] {
  const shown = document.querySelector('li[data-state="open"]');
  const lines = shown?.querySelectorAll(':scope > div > div') ?? [];
  return [...lines].map((line) => line.textContent ?? '');
}

async function pickType(category: string, type: string) {
  await categoryButton(category).click();
  await button(type).click();
}

describe('a new block', () => {
  it('opens titled "Create Activity Block" at status Now, progress 0, tracking progress', async () => {
    await renderInApp(<DialogOnAScreen />);
    await expect
      .element(page.getByRole('heading', { name: 'Create Activity Block' }))
      .toBeVisible();
    await expectStatusAndProgress('Now', 0);
    await expect.element(page.getByRole('switch', { name: 'Track progress' })).toBeChecked();
    await expect.element(button('Board ratio')).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts in the status of the tab it was opened from, with that status’s progress', async () => {
    await renderInApp(<DialogOnAScreen initialStatus="done" />);
    await expectStatusAndProgress('Done', 100);
  });
});

describe('status and progress', () => {
  it('choosing a status sets its progress: Planned 0, Done 100, Now 5', async () => {
    await renderInApp(<DialogOnAScreen />);
    await chooseStatus('Planned');
    await expectStatusAndProgress('Planned', 0);
    await chooseStatus('Done');
    await expectStatusAndProgress('Done', 100);
    await chooseStatus('Now');
    await expectStatusAndProgress('Now', 5);
  });

  it('moving the slider sets the status: 100 is Done, 0 is Planned, anything between is Now', async () => {
    await renderInApp(<DialogOnAScreen />);
    await progressSlider().click();
    await userEvent.keyboard('{End}');
    await expectStatusAndProgress('Done', 100);
    await userEvent.keyboard('{ArrowLeft}');
    await expectStatusAndProgress('Now', 95);
    await userEvent.keyboard('{Home}');
    await expectStatusAndProgress('Planned', 0);
    await userEvent.keyboard('{ArrowRight}');
    await expectStatusAndProgress('Now', 5);
  });

  it('the slider runs from 0 to 100 in steps of 5', async () => {
    await renderInApp(<DialogOnAScreen />);
    await expect.element(progressSlider()).toHaveAttribute('aria-valuemin', '0');
    await expect.element(progressSlider()).toHaveAttribute('aria-valuemax', '100');
    await progressSlider().click();
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expectStatusAndProgress('Now', 15);
  });

  it('turning progress tracking off disables the slider, and on again enables it', async () => {
    await renderInApp(<DialogOnAScreen />);
    const tracking = page.getByRole('switch', { name: 'Track progress' });
    await tracking.click();
    await expect.element(tracking).not.toBeChecked();
    await expect.element(progressSlider()).toHaveAttribute('data-disabled');
    await tracking.click();
    await expect.element(progressSlider()).not.toHaveAttribute('data-disabled');
  });
});

describe('the quick buttons', () => {
  it('Move to Planned sets Planned and 0, Move to Now sets Now and 50, Move to Done sets Done and 100', async () => {
    await renderInApp(<DialogOnAScreen />);
    await button('Move to Planned').click();
    await expectStatusAndProgress('Planned', 0);
    await button('Move to Done').click();
    await expectStatusAndProgress('Done', 100);
    await button('Move to Now').click();
    await expectStatusAndProgress('Now', 50);
  });

  it('the button of the current status is disabled', async () => {
    await renderInApp(<DialogOnAScreen />);
    await expect.element(button('Move to Now')).toBeDisabled();
    await expect.element(button('Move to Planned')).toBeEnabled();
    await button('Move to Done').click();
    await expect.element(button('Move to Done')).toBeDisabled();
    await expect.element(button('Move to Now')).toBeEnabled();
  });

  it('on a saved block, a quick button saves the block in its new place at once and closes', async () => {
    const calls = answerApi(({ body }) =>
      Response.json({ block: { ...savedBlock, ...(body as object) } }),
    );
    const closed = vi.fn();
    await renderInApp(<DialogOnAScreen block={savedBlock} onClosed={closed} />);
    await button('Move to Done').click();
    await expect
      .poll(notification)
      .toEqual(['Status updated', 'Activity block moved successfully.']);
    await expect.element(dialog()).not.toBeInTheDocument();
    const save = calls.find((call) => call.method === 'PUT');
    expect(save?.path).toBe('/api/blocks/7');
    expect(save?.body).toMatchObject({ title: 'Dune', status: 'done', progress: 100 });
    expect(closed).toHaveBeenCalledWith({
      kind: 'saved',
      block: { ...savedBlock, status: 'done', progress: 100 },
    });
  });

  it('on a saved block, a refused move says so and keeps the dialog open', async () => {
    answerApi(() => Response.json({ error: 'Something broke.' }, { status: 500 }));
    await renderInApp(<DialogOnAScreen block={savedBlock} />);
    await button('Move to Planned').click();
    await expect
      .poll(notification)
      .toEqual(['Error', 'Failed to update status. Please try again.']);
    await expect.element(dialog()).toBeVisible();
  });
});

describe('choosing a category and a type', () => {
  it('Back clears the category; Change clears the type and keeps the category', async () => {
    await renderInApp(<DialogOnAScreen />);
    await expect.element(page.getByText('Choose a category')).toBeVisible();
    await categoryButton('Learning').click();
    await expect.element(page.getByText('Choose a type: Learning')).toBeVisible();
    await button('Back').click();
    await expect.element(page.getByText('Choose a category')).toBeVisible();
    await pickType('Learning', 'Books & Reading');
    await expect.element(button('Change')).toBeVisible();
    await expect.element(page.getByText('Choose a type: Learning')).not.toBeInTheDocument();
    await button('Change').click();
    await expect.element(page.getByText('Choose a type: Learning')).toBeVisible();
  });

  it('a chosen type fills the label, and a label typed by the owner stays when the type changes', async () => {
    await renderInApp(<DialogOnAScreen />);
    await pickType('Learning', 'Books & Reading');
    await expect.element(field('Label')).toHaveValue('Books & Reading');
    await button('Change').click();
    await button('Coding & Dev').click();
    await expect.element(field('Label')).toHaveValue('Coding & Dev');
    await field('Label').fill('Side project');
    await button('Change').click();
    await button('Books & Reading').click();
    await expect.element(field('Label')).toHaveValue('Side project');
  });

  it('editing a block opens on its type and category, titled "Edit Activity Block"', async () => {
    await renderInApp(<DialogOnAScreen block={savedBlock} />);
    await expect.element(page.getByRole('heading', { name: 'Edit Activity Block' })).toBeVisible();
    await expect.element(button('Change')).toBeVisible();
    await expect.element(dialog().getByText('Learning', { exact: true })).toBeVisible();
    await expect.element(field('Title')).toHaveValue('Dune');
    await expectStatusAndProgress('Now', 40);
  });
});

describe('validation', () => {
  it('saving with nothing filled shows "Please enter a title." and "Please select a category and type."', async () => {
    const calls = answerApi(() => Response.json({}));
    await renderInApp(<DialogOnAScreen />);
    await button('Create Block').click();
    await expect
      .element(dialog().getByText('Please enter a title.', { exact: true }))
      .toHaveAttribute('role', 'alert');
    await expect
      .element(dialog().getByText('Please select a category and type.', { exact: true }))
      .toHaveAttribute('role', 'alert');
    // Told once, at the fields: no notification repeats it over the button.
    await expect.element(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(notification()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('on a 390 px phone, a refused save brings the Title and its message into view above the buttons', async () => {
    await page.viewport(390, 844);
    await renderInApp(<DialogOnAScreen />);
    const content = dialog().element();
    await button('Create Block').click();
    const message = dialog().getByText('Please enter a title.', { exact: true });
    await expect.element(field('Title')).toHaveFocus();
    await expect.element(message).toBeVisible();
    const footer = button('Cancel').element().parentElement as HTMLElement;
    const footerTop = footer.getBoundingClientRect().top;
    const dialogTop = content.getBoundingClientRect().top;
    for (const shown of [field('Title').element(), message.element()]) {
      const { top, bottom } = shown.getBoundingClientRect();
      expect(top).toBeGreaterThanOrEqual(dialogTop);
      expect(bottom).toBeLessThanOrEqual(footerTop);
    }
  });

  it('a title typed after a refused save clears its message; the missing type is then the one named', async () => {
    await renderInApp(<DialogOnAScreen />);
    await button('Create Block').click();
    await field('Title').fill('Dune');
    await expect.element(field('Title')).toHaveAttribute('aria-invalid', 'false');
    await expect.element(dialog().getByText('Please enter a title.')).not.toBeInTheDocument();
    await button('Create Block').click();
    await expect
      .element(dialog().getByText('Please select a category and type.', { exact: true }))
      .toHaveAttribute('role', 'alert');
    await expect.element(dialog().getByText('Please enter a title.')).not.toBeInTheDocument();
    await pickType('Learning', 'Books & Reading');
    await expect
      .element(dialog().getByText('Please select a category and type.'))
      .not.toBeInTheDocument();
  });

  it('a complete block is created, with "Activity block created successfully."', async () => {
    const calls = answerApi(({ body }) =>
      Response.json({ block: { ...savedBlock, ...(body as object), id: 8 } }, { status: 201 }),
    );
    await renderInApp(<DialogOnAScreen />);
    await pickType('Learning', 'Books & Reading');
    await field('Title').fill('Dune');
    await button('Create Block').click();
    await expect.poll(notification).toEqual(['Success', 'Activity block created successfully.']);
    await expect.element(dialog()).not.toBeInTheDocument();
    const create = calls.find((call) => call.method === 'POST');
    expect(create?.path).toBe('/api/blocks');
    expect(create?.body).toMatchObject({
      category: 'learning',
      type: 'books-reading',
      emoji: 'BookOpen',
      title: 'Dune',
      status: 'now',
      progress: 0,
    });
  });

  it('a refused save that names a field shows the server’s message there, and no notification', async () => {
    answerApi(() =>
      Response.json(
        {
          error: 'Check the fields.',
          fields: { externalUrl: 'Enter a link that starts with http.' },
        },
        { status: 400 },
      ),
    );
    await renderInApp(<DialogOnAScreen />);
    await pickType('Learning', 'Books & Reading');
    await field('Title').fill('Dune');
    await button('Create Block').click();
    await expect.element(page.getByText('Enter a link that starts with http.')).toBeVisible();
    await expect.element(dialog()).toBeVisible();
    expect(notification()).toEqual([]);
  });

  it('a refused save that names no field says "Failed to create activity block."', async () => {
    answerApi(() => Response.json({ error: 'Something went wrong.' }, { status: 400 }));
    await renderInApp(<DialogOnAScreen />);
    await pickType('Learning', 'Books & Reading');
    await field('Title').fill('Dune');
    await button('Create Block').click();
    await expect.poll(notification).toEqual(['Error', 'Failed to create activity block.']);
    await expect.element(dialog()).toBeVisible();
  });
});

describe('closing', () => {
  it('cancelling with changes asks first; Keep editing keeps them, Discard resets the form to its defaults', async () => {
    await renderInApp(<DialogOnAScreen />);
    await pickType('Learning', 'Books & Reading');
    await field('Title').fill('Dune');
    await button('Move to Done').click();
    await page.getByRole('switch', { name: 'Track progress' }).click();
    await button('Wide (16:9)').click();

    await button('Cancel').click();
    await expect.element(page.getByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
    await button('Keep editing').click();
    await expect.element(field('Title')).toHaveValue('Dune');

    await button('Cancel').click();
    await button('Discard').click();
    await expect.element(dialog()).not.toBeInTheDocument();

    await button('Open the dialog').click();
    await expect.element(field('Title')).toHaveValue('');
    await expect.element(field('Label')).toHaveValue('');
    await expect.element(page.getByText('Choose a category')).toBeVisible();
    await expectStatusAndProgress('Now', 0);
    await expect.element(page.getByRole('switch', { name: 'Track progress' })).toBeChecked();
    await expect.element(button('Board ratio')).toHaveAttribute('aria-pressed', 'true');
  });

  it('Escape with nothing changed closes at once', async () => {
    const closed = vi.fn();
    await renderInApp(<DialogOnAScreen onClosed={closed} />);
    await expect.element(dialog()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(closed).toHaveBeenCalledWith({ kind: 'dismissed' });
  });

  it('Escape with changes asks before discarding them', async () => {
    await renderInApp(<DialogOnAScreen />);
    await field('Title').fill('Dune');
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
  });
});

describe('the AI image panel', () => {
  const panelToggle = () => button('Generate with AI');
  const prompt = () => field('Describe the image');
  const generate = () => page.getByRole('button', { name: /^(Generate|Generating\.\.\.)$/ });

  it('toggles open and closed, opening on the square ratio', async () => {
    await renderInApp(<DialogOnAScreen />);
    await expect.element(panelToggle()).toHaveAttribute('aria-expanded', 'false');
    await panelToggle().click();
    await expect.element(panelToggle()).toHaveAttribute('aria-expanded', 'true');
    const ratios = page.getByRole('group', { name: 'AI image ratio' });
    await expect
      .element(ratios.getByRole('button', { name: 'Square (1:1)' }))
      .toHaveAttribute('aria-pressed', 'true');
    await panelToggle().click();
    await expect.element(prompt()).not.toBeInTheDocument();
  });

  it('Generate is disabled while the prompt is empty or only spaces, and enabled once it says something', async () => {
    await renderInApp(<DialogOnAScreen />);
    await panelToggle().click();
    await expect.element(generate()).toBeDisabled();
    await prompt().fill('   ');
    await expect.element(generate()).toBeDisabled();
    await prompt().fill('A red bike');
    await expect.element(generate()).toBeEnabled();
  });

  it('while a request is pending the button reads "Generating..." and is disabled; the image then replaces the URL, the panel closes and the prompt clears', async () => {
    const held = heldAnswer();
    const calls = answerApi(() => held.response);
    await renderInApp(<DialogOnAScreen />);
    await panelToggle().click();
    await page
      .getByRole('group', { name: 'AI image ratio' })
      .getByRole('button', { name: 'Wide (16:9)' })
      .click();
    await prompt().fill('  A red bike  ');
    await generate().click();
    await expect.element(generate()).toHaveTextContent('Generating...');
    await expect.element(generate()).toBeDisabled();
    expect(calls).toMatchObject([
      {
        method: 'POST',
        path: '/api/generate-image',
        body: { prompt: 'A red bike', ratio: 'wide' },
      },
    ]);

    const imageUrl = `${location.origin}/web/public/favicon.svg`;
    held.settle(Response.json({ imageUrl }));
    await expect
      .poll(notification)
      .toEqual(['Image generated!', 'Your AI-generated image is ready.']);
    await expect.element(field('Image URL')).toHaveValue(imageUrl);
    await expect.element(panelToggle()).toHaveAttribute('aria-expanded', 'false');
    await panelToggle().click();
    await expect.element(prompt()).toHaveValue('');
  });

  it('Enter in the prompt generates too', async () => {
    const calls = answerApi(() => heldAnswer().response);
    await renderInApp(<DialogOnAScreen />);
    await panelToggle().click();
    await prompt().fill('A red bike');
    await userEvent.keyboard('{Enter}');
    await expect.element(generate()).toHaveTextContent('Generating...');
    expect(calls.map((call) => call.path)).toEqual(['/api/generate-image']);
  });

  it('a failed generation shows "Generation failed" with the server’s words and leaves the prompt to try again', async () => {
    answerApi(() => Response.json({ error: 'The image service is busy.' }, { status: 503 }));
    await renderInApp(<DialogOnAScreen />);
    await panelToggle().click();
    await prompt().fill('A red bike');
    await generate().click();
    await expect.poll(notification).toEqual(['Generation failed', 'The image service is busy.']);
    await expect.element(generate()).toHaveTextContent('Generate');
    await expect.element(generate()).toBeEnabled();
    await expect.element(prompt()).toHaveValue('A red bike');
  });

  it('a failed generation without the server’s words says "Failed to generate image. Please try again."', async () => {
    answerApi(() => new Response('', { status: 502 }));
    await renderInApp(<DialogOnAScreen />);
    await panelToggle().click();
    await prompt().fill('A red bike');
    await generate().click();
    await expect
      .poll(notification)
      .toEqual(['Generation failed', 'Failed to generate image. Please try again.']);
  });
});
