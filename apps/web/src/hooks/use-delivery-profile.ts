import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parts-shop/shared/ui-messages';
import { deliveryProfileSchema, type DeliveryProfileInput, type User } from '@parts-shop/shared/user';
import { profileQueryOptions } from '../lib/get-profile.ts';
import { toastError, toastSuccess } from '../lib/toast.ts';
import { useSaveDelivery } from '../lib/save-delivery.ts';
import { errorMessage } from '../lib/error-message.ts';

export type Delivery = { phoneNumber: string; address: string };

export type ProfileOffer = { kind: 'none' } | { kind: 'save'; update: DeliveryProfileInput };

export function profileOffer(profile: User | undefined, entered: Delivery): ProfileOffer {
  if (!profile) return { kind: 'none' };
  const update = { phone: entered.phoneNumber.trim(), address: entered.address.trim() };
  if (update.phone === profile.phone && update.address === profile.address) return { kind: 'none' };
  return deliveryProfileSchema.safeParse(update).success ? { kind: 'save', update } : { kind: 'none' };
}

export function useDeliveryProfile(email: string) {
  const profile = useQuery({ ...profileQueryOptions(email), enabled: email !== '' });
  const update = useSaveDelivery(email);
  const [saveChosen, setSaveChosen] = useState(false);

  const saveAfterOrder = async (entered: Delivery) => {
    const offer = profileOffer(profile.data, entered);
    if (!saveChosen || offer.kind !== 'save') return;
    try {
      await update.mutateAsync(offer.update);
      setSaveChosen(false);
      toastSuccess(messages.profileUpdated);
    } catch (error) {
      const reason = errorMessage(error, 'Please try again on My Profile.');
      toastError(`Your order is placed, but your profile was not updated: ${reason}`);
    }
  };

  return {
    initial: profile.isLoading
      ? null
      : ({ phoneNumber: profile.data?.phone ?? '', address: profile.data?.address ?? '' } satisfies Delivery),
    offer: (entered: Delivery) => profileOffer(profile.data, entered),
    saveChosen,
    setSaveChosen,
    saveAfterOrder,
  };
}

export type DeliveryProfile = ReturnType<typeof useDeliveryProfile>;
