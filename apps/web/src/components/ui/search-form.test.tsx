import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

function Harness({ onSearch }: { onSearch: (query: string) => void }) {
  const [value, setValue] = useState('');
  return <SearchForm label="Search by email or name" value={value} onChange={setValue} onSearch={onSearch} />;
}

describe('SearchForm', () => {
  it('is a labelled search landmark that submits the trimmed text', () => {
    const onSearch = vi.fn<(query: string) => void>();
    renderRoute(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search by email or name' });
    expect(screen.getByRole('search').contains(box)).toBe(true);
    fireEvent.change(box, { target: { value: '  ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('ada@example.com');
  });
});
