import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PowerBar } from './power-bar.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

describe('the wattage bar', () => {
  it('is green within the limit, amber near it, and red and says so when the supply is overloaded', () => {
    const { rerender } = renderRoute(<PowerBar watts={300} psuWatts={null} />);
    expect(screen.getByTestId('power-bar').dataset.load).toBe('none');
    expect(screen.getByText('No power supply chosen yet')).toBeTruthy();

    rerender(<PowerBar watts={300} psuWatts={650} />);
    expect(screen.getByTestId('power-bar').dataset.load).toBe('fine');
    expect(screen.getByText('Within the power supply’s limit')).toBeTruthy();

    rerender(<PowerBar watts={600} psuWatts={650} />);
    expect(screen.getByTestId('power-bar').dataset.load).toBe('near');

    rerender(<PowerBar watts={700} psuWatts={650} />);
    const bar = screen.getByTestId('power-bar');
    expect(bar.dataset.load).toBe('over');
    expect(screen.getByText('Over the power supply’s limit').className).toContain('text-error');
    const fill = bar.querySelector('[aria-hidden] > rect');
    expect(fill?.getAttribute('class')).toContain('fill-error');
    expect(fill?.getAttribute('width')).toBe('100');
  });
});
