import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TEXT_MAX } from '@parts-shop/shared/constants';
import { newPartReviewSchema, PART_RATING_MAX, PART_RATING_MIN } from '@parts-shop/shared/part-review';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { StarRating } from '#web/components/star-rating.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { usePartReviews } from '../api/get-part-reviews.ts';
import { useRatingEligibility } from '../api/get-rating-eligibility.ts';
import { useRatePart } from '../api/rate-part.ts';

type RateInput = z.input<typeof newPartReviewSchema>;
const STARS = Array.from({ length: PART_RATING_MAX - PART_RATING_MIN + 1 }, (_, i) => PART_RATING_MAX - i);

function RateOrWhyNot({ partId, email }: { partId: string; email: string }) {
  const eligibility = useRatingEligibility(partId, email);
  // Kept here: once rated, the refreshed answer says "rated already", and the thanks stay.
  const [rated, setRated] = useState(false);
  if (rated) return <p role="status">Thank you for rating this part.</p>;
  if (!eligibility.data) return null;
  if (eligibility.data.canRate) return <RateForm partId={partId} onRated={() => setRated(true)} />;
  return <p className="text-sm">{eligibility.data.reason}</p>;
}

function RateForm({ partId, onRated }: { partId: string; onRated: () => void }) {
  const rate = useRatePart(partId);
  const { register, handleSubmit, formState } = useForm<RateInput, unknown, z.output<typeof newPartReviewSchema>>({
    resolver: zodResolver(newPartReviewSchema),
    defaultValues: { rating: PART_RATING_MAX, text: '' },
  });
  const onSubmit = handleSubmit((review) => rate.mutate(review, { onSuccess: onRated }));
  return (
    <form
      noValidate
      aria-label="Rate this part"
      className="flex max-w-xl flex-col gap-3"
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField
        as="select"
        label="Your rating"
        error={formState.errors.rating?.message}
        {...register('rating', { valueAsNumber: true })}
      >
        {STARS.map((stars) => (
          <option key={stars} value={stars}>
            {stars} out of {PART_RATING_MAX}
          </option>
        ))}
      </FormField>
      <FormField
        as="textarea"
        label="What you think (optional)"
        maxLength={TEXT_MAX}
        error={formState.errors.text?.message}
        {...register('text')}
      />
      {rate.isError ? (
        <p role="alert" className="text-sm text-error">
          {errorMessage(rate.error, 'Your rating could not be saved. Please try again.')}
        </p>
      ) : null}
      <SubmitButton pending={rate.isPending} className="self-start">
        Rate
      </SubmitButton>
    </form>
  );
}

export function PartReviews({ partId }: { partId: string }) {
  const { user } = useAuth();
  const reviews = usePartReviews(partId);
  return (
    <section aria-labelledby="part-reviews-title" className="mt-10 flex flex-col gap-4">
      <h2 id="part-reviews-title" className="text-2xl font-bold">
        Ratings from buyers
      </h2>
      {user ? (
        <RateOrWhyNot partId={partId} email={user.email} />
      ) : (
        <p className="text-sm">Customers who bought this part can rate it.</p>
      )}
      <ul className="flex flex-col gap-3">
        {(reviews.data ?? []).map((review) => (
          <li key={review._id} className="rounded-box border border-base-300 p-4">
            <p className="font-semibold">{review.name || 'A buyer'}</p>
            <StarRating rating={review.rating} label={`${review.rating} out of ${PART_RATING_MAX}`} />
            {review.text ? <p className="break-words whitespace-pre-line">{review.text}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
