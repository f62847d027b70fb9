import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePromptHost } from './UpdatePromptHost';
import { askWithModal } from './updatePrompt';

describe('UpdatePromptHost', () => {
  it("asks 'Update Available' once on screen and answers Reload or Later", async () => {
    render(<UpdatePromptHost />);
    const first = askWithModal();
    expect(await screen.findAllByText('Update Available')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await expect(first).resolves.toBe(true);

    const second = askWithModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    await expect(second).resolves.toBe(false);
  });
});
