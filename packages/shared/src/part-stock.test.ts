import { describe, expect, it } from 'vitest';
import { stockLabel, stockShortage } from './part.ts';

describe("a part's stock in words", () => {
  it('says in stock, only N left at five or fewer, and sold out', () => {
    expect(stockLabel(6)).toBe('In stock');
    expect(stockLabel(5)).toBe('Only 5 left');
    expect(stockLabel(1)).toBe('Only 1 left');
    expect(stockLabel(0)).toBe('Sold out');
  });

  it('names the part the stock cannot cover, and nothing when it can', () => {
    const card = { name: 'RX 7800 XT', minOrder: 1, available: 2 };
    expect(stockShortage(card, 2)).toBeNull();
    expect(stockShortage(card, 3)).toBe('Only 2 left of RX 7800 XT');
    expect(stockShortage({ ...card, available: 0 }, 1)).toBe('RX 7800 XT is sold out');
    expect(stockShortage({ ...card, minOrder: 3 }, 1)).toBe('Only 2 left of RX 7800 XT');
  });
});
