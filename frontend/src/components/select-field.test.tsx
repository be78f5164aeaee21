import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

const OPTIONS = [
  { value: 'short', label: 'Cortos' },
  { value: 'long', label: 'Largos' },
];

describe('SelectField', () => {
  it('ties the label to the select, with a first empty choice when the filter may be off', () => {
    const onValueChange = vi.fn();
    render(
      <SelectField
        inline
        label="Duración"
        anyLabel="Cualquiera"
        value=""
        options={OPTIONS}
        onValueChange={onValueChange}
      />,
    );
    const select = screen.getByLabelText('Duración') as HTMLSelectElement;
    expect(select.parentElement?.className).toBe('field field--inline');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Cualquiera'],
      ['short', 'Cortos'],
      ['long', 'Largos'],
    ]);
    fireEvent.change(select, { target: { value: 'long' } });
    expect(onValueChange).toHaveBeenCalledWith('long');
  });

  it('offers only the options without an empty choice', () => {
    render(
      <SelectField label="Ordenar por" value="long" options={OPTIONS} onValueChange={() => undefined} />,
    );
    const select = screen.getByLabelText('Ordenar por') as HTMLSelectElement;
    expect(select.parentElement?.className).toBe('field');
    expect(select.value).toBe('long');
    expect(select.options).toHaveLength(2);
  });
});
