import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

function renderForm(props: { pending: boolean; disabled?: boolean }) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  renderRoute(
    <form onSubmit={onSubmit}>
      <SubmitButton {...props}>Save</SubmitButton>
    </form>,
  );
  return { onSubmit, button: screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }) };
}

describe('SubmitButton', () => {
  it('sends the form when idle', () => {
    const { onSubmit, button } = renderForm({ pending: false });
    expect(button.type).toBe('submit');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while pending shows a spinner, stays focusable and does not send the form again', () => {
    const { onSubmit, button } = renderForm({ pending: true });
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.querySelector('.loading')).not.toBeNull();
    button.focus();
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it('is disabled when the form cannot be sent yet', () => {
    const { button } = renderForm({ pending: false, disabled: true });
    expect(button.disabled).toBe(true);
  });
});
