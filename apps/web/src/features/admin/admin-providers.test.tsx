import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LABEL } from './admin-providers';
import { renderAdmin, resetToasts } from './test/render-admin';

afterEach(resetToasts);

describe('admin toasts', () => {
  it('F8 moves focus to the notifications region', () => {
    renderAdmin(<button type="button">Somewhere else</button>);
    const region = screen.getByRole('region', { name: NOTIFICATIONS_LABEL });
    expect(region).toHaveAttribute('tabindex', '-1');
    screen.getByRole('button', { name: 'Somewhere else' }).focus();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(region).toHaveFocus();
  });

  it('shows one toast at a time', async () => {
    renderAdmin(<p>page</p>);
    const region = within(screen.getByRole('region', { name: NOTIFICATIONS_LABEL }));
    await act(async () => {
      notifications.show({ title: 'First', message: 'one' });
      notifications.show({ title: 'Second', message: 'two' });
    });
    expect(await region.findByText('First')).toBeInTheDocument();
    expect(region.queryByText('Second')).not.toBeInTheDocument();
  });
});
