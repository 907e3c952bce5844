import { describe, expect, it } from 'vitest';
import { customerProfile } from '#web-test/fixtures.ts';
import { profileOffer } from './use-delivery-profile.ts';

const profile = customerProfile;

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
