import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { renderInApp } from '../test/render-in-app';
import { FediverseHandleField } from './fediverse-handle-field';

const handleField = () => page.getByRole('textbox', { name: 'Fediverse handle', exact: true });

describe('the fediverse handle field', () => {
  it("shows the board's @username@host and copies it", async () => {
    const copied = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await renderInApp(<FediverseHandleField username="ada" />);
    const handle = `@ada@${window.location.host}`;

    await expect.element(handleField()).toHaveValue(handle);
    await expect
      .element(
        page.getByText(
          'Anyone on Mastodon or the fediverse can search for this handle and follow your board.',
        ),
      )
      .toBeVisible();
    await page.getByRole('button', { name: 'Copy handle', exact: true }).click();
    expect(copied).toHaveBeenCalledWith(handle);
    await expect.element(page.getByText('Handle copied')).toBeVisible();
  });

  it('selects the handle to copy by hand when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await renderInApp(<FediverseHandleField username="ada" />);
    await page.getByRole('button', { name: 'Copy handle', exact: true }).click();
    await expect.element(page.getByText('Select the handle and copy it yourself.')).toBeVisible();
    const input = handleField().element() as HTMLInputElement;
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe(input.value);
  });

  it('tells the owner of a private board that no one can follow it from there', async () => {
    await renderInApp(<FediverseHandleField username="ada" isPrivate />);
    await expect
      .element(
        page.getByText(
          'Your board is private: no one can follow it from Mastodon or the fediverse until you make it public.',
        ),
      )
      .toBeVisible();
  });
});
