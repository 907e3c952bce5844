import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MARKETING } from '@parts-shop/shared/constants';
import { messages } from '@parts-shop/shared/ui-messages';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { Component as Home } from './home.tsx';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';
import { part, review } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const parts = [1, 2, 3].map((n) =>
  part(n, { name: `Newest part ${n}`, description: 'A part', available: n === 3 ? 0 : 5, price: 100 }),
);
const reviews = [1, 2, 3].map((n) => review(n, { rating: n }));

/** The browser's IntersectionObserver, with the test saying when the contact section comes near. */
type Observed = { callback: IntersectionObserverCallback; rootMargin?: string; disconnected: boolean };
let observers: Observed[] = [];
class FakeObserver {
  private readonly record: Observed;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.record = { callback, rootMargin: options?.rootMargin, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}
function scrollNearContact() {
  act(() => {
    for (const o of observers.filter((x) => !x.disconnected)) {
      o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

beforeEach(() => {
  stubApi();
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const body = url.startsWith('/api/parts')
      ? parts
      : url.startsWith('/api/reviews')
        ? reviews
        : init?.method === 'POST'
          ? { acknowledged: true, insertedId: 'x' }
          : null;
    return json(body, init?.method === 'POST' ? 201 : 200);
  });
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const listPages = [
  { path: '/allparts', element: <h1>All parts page</h1> },
  { path: '/allreviews', element: <h1>All reviews page</h1> },
];

async function renderHomeWithForm() {
  renderRoute(<Home />, { routes: listPages });
  scrollNearContact();
  await screen.findByRole('button', { name: 'Send' });
}

/** Long enough for the idle moment after the lists to pass. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));

describe('Home', () => {
  it('has one h1 and the six sections in the contract’s order', async () => {
    renderRoute(<Home />, { routes: listPages });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Latest Deals',
      'Builders Trust Us',
      'Planning a new PC build?',
      'What Our Customers Say',
      'Contact Us',
    ]);
    await screen.findByText('Newest part 1');
  });

  it('holds the contact form’s place, and loads it only when the visitor scrolls near it', async () => {
    renderRoute(<Home />, { routes: listPages });
    const contact = screen.getByRole('region', { name: 'Contact Us' });
    // A still placeholder: nothing animates while the form waits for the visitor.
    expect(within(contact).getByText('The contact form opens here as you reach it.')).toBeTruthy();
    expect(contact.querySelector('.loading')).toBeNull();
    await screen.findByText('Newest part 1');
    await settle();
    expect(contact.querySelector('form')).toBeNull();
    // It starts well before the section is on screen, so a scrolling visitor finds the form there.
    expect(observers.map((o) => o.rootMargin)).toContain('600px 0px');
    scrollNearContact();
    expect(await within(contact).findByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('loads the contact form at once for /home#contact, the footer’s Send us a message', async () => {
    const scrollIntoView = vi.fn();
    // jsdom draws no layout, so it has no scrollIntoView of its own.
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderRoute(<Home />, { url: '/#contact', path: '/', routes: listPages });
    const contact = screen.getByRole('region', { name: 'Contact Us' });
    expect(await within(contact).findByRole('button', { name: 'Send' })).toBeTruthy();
    // And the section is scrolled to once the lists above have arrived and pushed it down.
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts).toContain(contact);
  });

  it('lets a keyboard reach the waiting form: tabbing to its place loads it and lands in Name', async () => {
    renderRoute(<Home />, { routes: listPages });
    await screen.findByText('Newest part 1');
    const contact = screen.getByRole('region', { name: 'Contact Us' });
    const placeholder = within(contact)
      .getByText('The contact form opens here as you reach it.')
      .closest('[tabindex="0"]');
    if (!(placeholder instanceof HTMLElement)) throw new Error('the placeholder takes no keyboard focus');
    act(() => placeholder.focus());
    await within(contact).findByRole('button', { name: 'Send' });
    await waitFor(() => expect(document.activeElement).toBe(within(contact).getByLabelText('Name')));
  });

  it('loads the contact form anyway in a browser without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderRoute(<Home />, { routes: listPages });
    const contact = screen.getByRole('region', { name: 'Contact Us' });
    expect(await within(contact).findByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('asks for the 3 newest parts and reviews and links See More to the full lists', async () => {
    renderRoute(<Home />, { routes: listPages });
    const deals = screen.getByRole('region', { name: 'Latest Deals' });
    expect(await within(deals).findAllByRole('article')).toHaveLength(3);
    const said = screen.getByRole('region', { name: 'What Our Customers Say' });
    expect(await within(said).findAllByRole('article')).toHaveLength(3);
    const urls = fetchMock.mock.calls.map(([input]) => urlOf(input));
    expect(urls).toContain('/api/parts?limit=3');
    expect(urls).toContain('/api/reviews?limit=3');
    expect(
      within(deals)
        .getByRole('link', { name: /See More/ })
        .getAttribute('href'),
    ).toBe('/allparts');
    expect(
      within(said)
        .getByRole('link', { name: /See More/ })
        .getAttribute('href'),
    ).toBe('/allreviews');
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) {
      expect(link.getAttribute('href')).toBe('/allparts');
    }
    expect(screen.getByRole('link', { name: 'Plan a Build' }).getAttribute('href')).toBe('/build');
  });

  it('shows the marketing figures', () => {
    renderRoute(<Home />, { routes: listPages });
    for (const { figure } of MARKETING) expect(screen.getByText(figure)).toBeTruthy();
  });

  it('refuses an empty contact form with the shared schema’s messages and sends nothing', async () => {
    await renderHomeWithForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText('Message is Required')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it('rejects a malformed email', async () => {
    await renderHomeWithForm();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
  });

  it('posts the message, toasts Message Sent and clears the form', async () => {
    await renderHomeWithForm();
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'Do you ship to Leeds?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.messageSent));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post && urlOf(post[0])).toBe('/api/messages');
    const sent = post?.[1]?.body;
    expect(typeof sent).toBe('string');
    expect(JSON.parse(typeof sent === 'string' ? sent : '')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Do you ship to Leeds?',
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe(''));
    expect(toastError).not.toHaveBeenCalled();
  });
});
