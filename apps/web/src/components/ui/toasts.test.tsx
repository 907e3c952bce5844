import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { Toasts } from './toasts.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

describe('toasts', () => {
  it('puts nothing on the page until a toast is asked for, then shows every one, the first included', async () => {
    const { container } = renderRoute(<Toasts />);
    expect(container.childElementCount).toBe(0);
    toastSuccess('Parts Added');
    toastError('Could not delete');
    expect(await screen.findByText('Parts Added')).toBeTruthy();
    expect(await screen.findByText('Could not delete')).toBeTruthy();
  });
});
