import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { NOT_CHECKED } from '@parts-shop/shared/compatibility';
import { NotCheckedNote } from './not-checked-note.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

describe('NotCheckedNote', () => {
  it('tells the builder every check the planner leaves out', () => {
    renderRoute(<NotCheckedNote />);
    expect(screen.getByText('What the planner does not check')).toBeTruthy();
    const items = screen.getAllByRole('listitem', { hidden: true }).map((li) => li.textContent);
    expect(items).toEqual([...NOT_CHECKED]);
    expect(items).toContain('Cable lengths and front-panel connectors, and whether the case has room for every fan');
  });
});
