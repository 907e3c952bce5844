import { describe, expect, it } from 'vitest';
import { galleryFiltersOf, parseGalleryFilters } from './gallery-filters.ts';

describe('the gallery filters', () => {
  it('reads prices as dollars and brands as typed, leaving out empty fields', () => {
    expect(parseGalleryFilters({ minPrice: '500', maxPrice: ' ', cpuBrand: 'AMD', gpuBrand: '' })).toEqual({
      filters: { minPrice: 500, cpuBrand: 'AMD' },
      errors: {},
    });
  });

  it("names the field it refuses with the API's message", () => {
    expect(parseGalleryFilters({ minPrice: '900', maxPrice: '100' }).errors).toEqual({
      maxPrice: 'Max price cannot be below min price',
    });
    expect(parseGalleryFilters({ minPrice: '-5' }).errors.minPrice).toBe('Min price must be at least 0');
  });

  it('drops from an address only the filter it cannot read', () => {
    const params = new URLSearchParams({ minPrice: '900', maxPrice: '100', gpuBrand: 'NVIDIA', sort: 'x' });
    expect(galleryFiltersOf(params)).toEqual({ minPrice: 900, gpuBrand: 'NVIDIA' });
  });
});
