import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { PartCard } from './part-card.tsx';
import { part } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const inStock = part(1, {
  name: 'GeForce RTX 4070 Super 12 GB',
  brand: '',
  description: 'Ada Lovelace graphics with DLSS 3.',
  img: '/images/parts/gpu.svg',
  available: 35,
  price: 599,
});
const soldOut = part(2, { ...inStock, _id: part(2)._id, available: 0, price: 499.99 });

const withPages = {
  routes: [
    { path: '/purchase/:partId', element: <h1>Purchase page</h1> },
    { path: '/parts/:id', element: <h1>Part page</h1> },
  ],
};

describe('PartCard', () => {
  it('shows the part, its order terms and its price in dollars with two decimals', () => {
    renderRoute(<PartCard part={inStock} />, withPages);
    expect(screen.getByRole('heading', { level: 3, name: inStock.name })).toBeTruthy();
    expect(screen.getByText(inStock.description)).toBeTruthy();
    expect(screen.getByText('Min Order').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Available').nextElementSibling?.textContent).toBe('35');
    expect(screen.getByText('$599.00')).toBeTruthy();
    expect(screen.queryByText('Out of stock')).toBeNull();
    const image = screen.getByRole('img', { name: inStock.name });
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('fetchpriority')).toBeNull();
  });

  it('loads the image at once and first when the card is above the fold, and can be a level-2 heading', () => {
    renderRoute(<PartCard part={inStock} eager headingLevel={2} />, withPages);
    const image = screen.getByRole('img', { name: inStock.name });
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByRole('heading', { level: 2, name: inStock.name })).toBeTruthy();
  });

  it('goes to /purchase/{id} when the part is in stock, without the Not Available message', async () => {
    const { router } = renderRoute(<PartCard part={inStock} />, withPages);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/purchase/${inStock._id}`);
    expect(screen.queryByText(messages.notAvailable)).toBeNull();
  });

  it('shows red Not Available text and stays put when the part is out of stock', () => {
    const { router } = renderRoute(<PartCard part={soldOut} />, withPages);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Purchase/ }).className).not.toContain('btn-primary');
    expect(screen.queryByText(messages.notAvailable)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    const message = screen.getByText(messages.notAvailable);
    expect(message.className).toContain('text-error');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('$499.99')).toBeTruthy();
  });

  it('falls back to a placeholder picture when the image cannot load', () => {
    renderRoute(<PartCard part={{ ...inStock, img: 'https://images.example.com/missing.png' }} />, withPages);
    const image = screen.getByRole('img', { name: inStock.name });
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/images/parts/placeholder.svg');
  });

  it('renders text a user typed as text, never as HTML', () => {
    const { container } = renderRoute(<PartCard part={{ ...inStock, description: '<img src=x onerror=alert(1)>' }} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it("links the name and the picture to the part's page, the picture out of the tab order", async () => {
    const { router } = renderRoute(<PartCard part={inStock} />, withPages);
    const links = screen.getAllByRole('link', { name: inStock.name });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/parts/${inStock._id}`, `/parts/${inStock._id}`]);
    expect(links.filter((a) => a.getAttribute('tabindex') === '-1')).toHaveLength(1);
    fireEvent.click(screen.getByRole('heading', { name: inStock.name }).querySelector('a') ?? document.body);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/parts/${inStock._id}`));
  });
});
