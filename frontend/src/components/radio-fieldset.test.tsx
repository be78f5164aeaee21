import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RadioFieldset } from './radio-fieldset';

const OPTIONS = [
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
] as const;

describe('RadioFieldset', () => {
  it('groups the options under the legend, one checked, and says which one is chosen', () => {
    const onChange = vi.fn();
    render(
      <>
        <RadioFieldset legend="¿Tiene voces?" options={OPTIONS} value="no" onChange={onChange} />
        <RadioFieldset legend="¿Tiene textos?" options={OPTIONS} value="yes" onChange={() => undefined} />
      </>,
    );
    const voices = screen.getByRole('group', { name: '¿Tiene voces?' });
    const yes = voices.querySelector<HTMLInputElement>('input[value="yes"]')!;
    expect(yes.checked).toBe(false);
    expect(voices.querySelector<HTMLInputElement>('input[value="no"]')!.checked).toBe(true);
    // Two groups on one form do not share a name, so each keeps its own choice.
    const texts = screen.getByRole('group', { name: '¿Tiene textos?' });
    expect(texts.querySelector('input')!.getAttribute('name')).not.toBe(yes.getAttribute('name'));
    fireEvent.click(screen.getAllByLabelText('Sí')[0]);
    expect(onChange).toHaveBeenCalledWith('yes');
  });
});
