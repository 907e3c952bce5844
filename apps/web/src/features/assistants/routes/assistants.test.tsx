import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assistant } from '@parts-shop/shared/assistant';
import { answerApi, json } from '#web-test/api.ts';
import { Component as Assistants } from './assistants.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

const helper: Assistant = {
  id: 'a1',
  name: 'Helper',
  profile: 'https://helper.example/.well-known/ucp',
  approvedAt: '2026-03-04T15:30:00.000Z',
  approvedBy: 'owner@example.com',
  orders: 3,
  lastCallAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('Assistants', () => {
  it('lists the approved under labelled columns, and shows a new key once, until it is put away', async () => {
    let listed = [helper];
    const fetchMock = answerApi({
      'GET /api/assistants': () => json(listed),
      'POST /api/assistants': () => {
        const assistant = { ...helper, id: 'a2', name: 'Buyer', profile: 'https://buyer.example/ucp', orders: 0 };
        listed = [assistant, helper];
        return json({ assistant, apiKey: 'psa_secret_key' }, 201);
      },
    });
    renderRoute(<Assistants />, { url: '/dashboard/assistants' });
    const table = await screen.findByRole('table', { name: 'Approved assistants' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['no.', 'Name', 'Profile address', 'Approved', 'Orders', 'Last call', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'Helper' })).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Profile address'), { target: { value: ' https://buyer.example/ucp ' } });
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));

    const key = await screen.findByLabelText('API key');
    expect((key as HTMLInputElement).value).toBe('psa_secret_key');
    await waitFor(() => expect(document.activeElement).toBe(key));
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body;
    expect(typeof sent === 'string' ? JSON.parse(sent) : null).toEqual({
      profile: 'https://buyer.example/ucp',
      name: 'Buyer',
    });
    await screen.findByRole('rowheader', { name: 'Buyer' });

    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(document.body.textContent).not.toContain('psa_secret_key');
  });

  it('says what is wrong with an address beside its field, sending nothing', async () => {
    const fetchMock = answerApi({ 'GET /api/assistants': () => json([]) });
    renderRoute(<Assistants />, { url: '/dashboard/assistants' });
    expect(await screen.findByText('No assistant is approved yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Profile address'), { target: { value: 'ftp://x.example' } });
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByLabelText('Profile address').getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
