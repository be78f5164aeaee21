import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

describe('Tabs', () => {
  it('selects the first tab and moves with the arrow keys', () => {
    render(
      <Tabs
        label="Críticas"
        tabs={[
          { id: 'media', label: 'Críticas de medios', content: 'medios' },
          { id: 'users', label: 'Críticas de usuarios', content: 'usuarios' },
        ]}
      />,
    );
    const media = screen.getByRole('tab', { name: 'Críticas de medios' });
    expect(media.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('medios');
    fireEvent.keyDown(media, { key: 'ArrowRight' });
    const users = screen.getByRole('tab', { name: 'Críticas de usuarios' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(users);
    expect(screen.getByRole('tabpanel').textContent).toBe('usuarios');
    fireEvent.keyDown(users, { key: 'ArrowRight' });
    expect(media.getAttribute('aria-selected')).toBe('true');
  });
});
