import { describe, expect, it } from 'vitest';
import { midSentence } from './spec-field-filters.tsx';

describe('a spec range label', () => {
  it('keeps sentence case: acronyms and model names as written, an ordinary first word lowered', () => {
    expect(`Min ${midSentence('Recommended PSU')}`).toBe('Min recommended PSU');
    expect(`Max ${midSentence('8-pin PCIe connectors')}`).toBe('Max 8-pin PCIe connectors');
    expect(`Min ${midSentence('TDP')}`).toBe('Min TDP');
    expect(`Min ${midSentence('M.2 slots')}`).toBe('Min M.2 slots');
    expect(`Min ${midSentence('Board power')}`).toBe('Min board power');
  });
});
