import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { ApiError } from '#web/lib/api-client.ts';
import { ProfileForm, type ProfileFormValues } from './profile-form.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

const empty: ProfileFormValues = { phone: '', education: '', address: '', linkedIn: '' };
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

describe('ProfileForm', () => {
  it('requires every field with the contract’s “{Field} is Required”', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderRoute(<ProfileForm defaultValues={empty} onSave={onSave} />);
    save();
    for (const text of ['Phone is Required', 'Education is Required', 'Address is Required', 'LinkedIn is Required']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  const fillTheRest = () => {
    type('Phone', '0123456789');
    type('Education', 'BSc Computer Science');
    type('Address', '1 Main Street');
  };

  it.each(['javascript:alert(1)', 'linkedin.com/in/casey', '/in/casey'])(
    'refuses %j for LinkedIn and saves nothing',
    async (bad) => {
      const onSave = vi.fn(() => Promise.resolve());
      renderRoute(<ProfileForm defaultValues={empty} onSave={onSave} />);
      fillTheRest();
      type('LinkedIn', bad);
      save();
      expect(await screen.findByText(messages.urlInvalid)).toBeTruthy();
      expect(onSave).not.toHaveBeenCalled();
    },
  );

  it('saves a full http(s) LinkedIn address', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderRoute(<ProfileForm defaultValues={empty} onSave={onSave} />);
    fillTheRest();
    type('LinkedIn', 'https://www.linkedin.com/in/casey');
    save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        phone: '0123456789',
        education: 'BSc Computer Science',
        address: '1 Main Street',
        linkedIn: 'https://www.linkedin.com/in/casey',
      }),
    );
  });

  it('puts the server’s field messages on their fields', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(new ApiError(400, 'Validation failed', [{ path: ['phone'], message: 'Phone looks wrong' }])),
    );
    renderRoute(
      <ProfileForm
        defaultValues={{ phone: '0123456789', education: 'BSc', address: '1 Main St', linkedIn: 'https://x.example' }}
        onSave={onSave}
      />,
    );
    save();
    expect(await screen.findByText('Phone looks wrong')).toBeTruthy();
  });
});
