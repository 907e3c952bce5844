import { useEffect, useId, type Ref } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { RATING_MAX, RATING_MIN, SHORT_TEXT_MAX, TEXT_MAX } from '@parts-shop/shared/constants';
import { isWebUrl } from '@parts-shop/shared/fields';
import { messages } from '@parts-shop/shared/ui-messages';
import { newReviewSchema, type NewReview } from '@parts-shop/shared/review';
import { PhotoUploadControl } from '#web/components/photo-upload-control.tsx';
import { FieldError, FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useAddReview } from '../api/add-review.ts';
import { useReviewerProfile } from '../api/add-review-profile.ts';
import { useUploadReviewPhoto } from '../api/upload-review-photo.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { plural } from '@parts-shop/shared/plural';

type ReviewInput = z.input<typeof newReviewSchema>;

const FIELDS = ['name', 'description', 'image', 'rating'] as const;
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/** "0 stars", "1 star", … "5 stars": the radio buttons' accessible names. */
export function ratingLabel(rating: number): string {
  return plural(rating, 'star');
}

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L10 14.9l-5.25 2.75 1-5.85L1.5 7.7l5.9-.9L10 1.5z';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="32"
      height="32"
      aria-hidden="true"
      strokeWidth="1.2"
      className={filled ? 'fill-amber-500 stroke-amber-600' : 'fill-transparent stroke-gray-500'}
    >
      <path d={STAR_PATH} />
    </svg>
  );
}

/** Zero stars: a crossed-out circle, so 0 is a choice a customer can see and make. */
function NoStarsIcon({ selected }: { selected: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="28"
      height="28"
      aria-hidden="true"
      fill="none"
      strokeWidth="1.6"
      className={selected ? 'stroke-error' : 'stroke-gray-500'}
    >
      <circle cx="10" cy="10" r="7.5" />
      <path d="M4.7 15.3L15.3 4.7" />
    </svg>
  );
}

type RatingInputProps = {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
};

/**
 * The rating as a native radio group (arrow keys, one tab stop, read as "3 stars, 4 of 6"),
 * drawn as stars: each input is transparent over its label, and the labels are the stars.
 */
function RatingInput({ name, value, onChange, onBlur, inputRef, error }: RatingInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium">Rating</legend>
      <div className="flex flex-wrap items-center gap-1">
        {RATINGS.map((rating) => {
          const inputId = `${id}-${rating}`;
          return (
            // The invisible radio lies over its star, so a click (or a test's check()) lands on the input itself.
            <span key={rating} className="relative inline-flex">
              <input
                ref={rating === RATING_MIN ? inputRef : undefined}
                id={inputId}
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                onBlur={onBlur}
                aria-describedby={error ? errorId : undefined}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <label
                htmlFor={inputId}
                className="flex size-11 cursor-pointer items-center justify-center rounded-field transition-transform peer-hover:scale-110 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
              >
                <span className="sr-only">{ratingLabel(rating)}</span>
                {rating === RATING_MIN ? (
                  <NoStarsIcon selected={value === RATING_MIN} />
                ) : (
                  <StarIcon filled={value !== undefined && rating <= value} />
                )}
              </label>
            </span>
          );
        })}
        <span aria-hidden="true" className="ml-2 text-sm text-base-content/70">
          {value === undefined ? 'Choose 0 to 5 stars' : `${value} of ${RATING_MAX}`}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

type AddReviewFormProps = {
  /** The profile's userName, else the sign-in display name; may arrive after the form shows. */
  defaultName: string;
  /** The sign-in photo, when it is a web address. */
  defaultImage: string;
};

/** The customer's Add Review form: the shared schema's rules and messages, checked again by the API. */
export function AddReviewForm({ defaultName, defaultImage }: AddReviewFormProps) {
  const addReview = useAddReview();
  const uploadPhoto = useUploadReviewPhoto();
  const {
    register,
    control,
    handleSubmit,
    reset,
    resetField,
    getFieldState,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput, unknown, NewReview>({
    resolver: zodResolver(newReviewSchema),
    defaultValues: { name: defaultName, description: '', image: defaultImage },
  });
  const image = useWatch({ control, name: 'image' });

  // The profile may load after the form shows: take its name, unless the customer already typed one.
  useEffect(() => {
    if (!getFieldState('name').isDirty) resetField('name', { defaultValue: defaultName });
  }, [defaultName, getFieldState, resetField]);
  useEffect(() => {
    if (!getFieldState('image').isDirty) resetField('image', { defaultValue: defaultImage });
  }, [defaultImage, getFieldState, resetField]);

  const onSubmit = handleSubmit(async (review) => {
    try {
      await addReview.mutateAsync(review);
      toastSuccess(messages.reviewAdded);
      // Back to the defaults: the customer's name and photo stay, the text and stars clear.
      reset();
      uploadPhoto.reset();
    } catch (error) {
      const message = errorMessage(error, 'Could not add the review.');
      toastError(message);
      if (!showServerIssues(error, FIELDS, setError)) {
        setError('root.server', { type: 'server', message });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormField
        label="Name"
        error={errors.name?.message}
        type="text"
        required
        maxLength={SHORT_TEXT_MAX}
        autoComplete="name"
        {...register('name')}
      />
      <FormField
        as="textarea"
        label="Review"
        error={errors.description?.message}
        required
        maxLength={TEXT_MAX}
        rows={5}
        placeholder="What did you buy, and how is it working for you?"
        {...register('description')}
      />
      <FormField
        label="Photo URL"
        hint="Upload your photo below, or give its address: one on this shop, or an https:// address on a site the shop allows"
        error={errors.image?.message}
        type="url"
        inputMode="url"
        required
        maxLength={2000}
        autoComplete="photo"
        placeholder="https://"
        {...register('image')}
      />
      <PhotoUploadControl
        value={image}
        upload={uploadPhoto}
        onUploaded={(url) => setValue('image', url, { shouldDirty: true, shouldValidate: true })}
        hint="PNG, JPEG or WebP, up to 5 MB; fills the Photo URL"
      />
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <RatingInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      {errors.root?.server ? (
        <p role="alert" className="font-medium text-error">
          {errors.root.server.message}
        </p>
      ) : null}
      <SubmitButton pending={isSubmitting} className="self-start">
        Add Review
      </SubmitButton>
    </form>
  );
}

/** /dashboard/addreview: a signed-in customer reviews the shop (docs/product.md#dashboard). */
export function Component() {
  useDocumentTitle('Add Review');
  const { user } = useAuth();
  const profile = useReviewerProfile(user?.email);
  const defaultName = profile.data?.userName.trim() || user?.displayName?.trim() || '';
  const defaultImage = user?.photoURL && isWebUrl(user.photoURL) ? user.photoURL : '';
  return (
    <section aria-labelledby="add-review-title" className="mx-auto w-full max-w-2xl">
      <h2 id="add-review-title" className="mb-1 text-2xl font-bold">
        Add Review
      </h2>
      <p className="mb-6 text-base-content/70">Tell other builders how your parts are doing.</p>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <AddReviewForm defaultName={defaultName} defaultImage={defaultImage} />
        </div>
      </div>
    </section>
  );
}
