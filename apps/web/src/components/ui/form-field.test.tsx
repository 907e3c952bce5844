import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

describe('FormField', () => {
  it('ties the label, the hint and the error to the control', () => {
    renderRoute(<FormField label="Price" hint="In dollars" error="Price is Required" name="price" type="number" />);
    const input = screen.getByLabelText<HTMLInputElement>('Price');
    expect(input.tagName).toBe('INPUT');
    expect(input.type).toBe('number');
    expect(input.name).toBe('price');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('input-error');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent)).toEqual(['In dollars', 'Price is Required']);
    expect(screen.getByRole('alert').textContent).toBe('Price is Required');
  });

  it('is neither invalid nor described by anything without an error or hint', () => {
    renderRoute(<FormField label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.className).not.toContain('input-error');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('draws a textarea when asked, with the same wiring', () => {
    renderRoute(<FormField as="textarea" label="Message" rows={5} error="Message is Required" />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Message');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.rows).toBe(5);
    expect(textarea.className).toContain('textarea-error');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });
});
