import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from './RouteError';
import { UpdatePromptHost } from './UpdatePromptHost';
import { askWithModal } from './updatePrompt';

const chunkError = new Error(
  "This screen's code could not be loaded (Failed to fetch dynamically imported module: /assets/Manage-x.js)",
);

describe('RouteError', () => {
  it("offers one Reload on screen: the update prompt's while it is open, its own once the prompt is answered Later", async () => {
    const props = { error: chunkError, reset: () => {} } as unknown as ErrorComponentProps;
    render(
      <>
        <RouteError {...props} />
        <UpdatePromptHost />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);

    const answer = askWithModal();
    await screen.findByText('Update Available');
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
    expect(screen.getByRole('dialog').contains(screen.getByRole('button', { name: 'Reload' }))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
  });
});
