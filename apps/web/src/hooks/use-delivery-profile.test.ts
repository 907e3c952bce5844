import { describe, expect, it } from 'vitest';
import type { User } from '@parts-shop/shared/user';
import { profileOffer } from './use-delivery-profile.ts';

const profile: User = {
  email: 'customer@example.com',
  userName: 'Casey',
  phone: '+1 555 0100',
  education: 'BSc',
  address: '1 Old Street',
  linkedIn: 'https://www.linkedin.com/in/casey',
  role: 'customer',
};

describe('profileOffer', () => {
  it("offers nothing for the profile's own details, typed with stray spaces or not", () => {
    expect(profileOffer(profile, { phoneNumber: ' +1 555 0100 ', address: '1 Old Street' })).toEqual({ kind: 'none' });
  });

  it('offers to save new details: the phone and address alone', () => {
    expect(profileOffer(profile, { phoneNumber: '+1 555 0199', address: ' 7 New Road ' })).toEqual({
      kind: 'save',
      update: { phone: '+1 555 0199', address: '7 New Road' },
    });
  });

  it('offers nothing while the details are not a valid order yet, or before the profile answered', () => {
    expect(profileOffer(profile, { phoneNumber: '12', address: '7 New Road' })).toEqual({ kind: 'none' });
    expect(profileOffer(profile, { phoneNumber: '+1 555 0199', address: '  ' })).toEqual({ kind: 'none' });
    expect(profileOffer(undefined, { phoneNumber: '+1 555 0199', address: '7 New Road' })).toEqual({ kind: 'none' });
  });

  it('offers to save to a profile that is still empty, since only the phone and address are sent', () => {
    const fresh = { ...profile, phone: '', address: '', education: '', linkedIn: '' };
    expect(profileOffer(fresh, { phoneNumber: '+1 555 0199', address: '7 New Road' })).toEqual({
      kind: 'save',
      update: { phone: '+1 555 0199', address: '7 New Road' },
    });
  });
});
