import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  COMPLETED_BUILD_PHOTOS_MAX,
  COMPLETED_BUILD_STORY_MAX,
  COMPLETED_BUILD_TITLE_MAX,
  newCompletedBuildSchema,
  type NewCompletedBuild,
} from '@parts-shop/shared/completed-build';
import type { Order } from '@parts-shop/shared/order';
import { sizedImage } from '@parts-shop/shared/upload';
import { messages } from '@parts-shop/shared/ui-messages';
import { PhotoUploadControl } from '#web/components/photo-upload-control.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { usePostCompletedBuild } from '../api/post-completed-build.ts';
import { useUploadBuildPhoto } from '../api/upload-build-photo.ts';

/** What the server will take (it decides again): a build order that shipped and was kept. */
function mayPost(order: Order): boolean {
  return order.fromBuild && order.shipped && (order.status === 'shipped' || order.status === 'partly_refunded');
}

/** A shipped build order's customer posts it to /completed-builds (docs/product.md#completed-builds). */
export function PostCompletedBuild({ order }: { order: Order }) {
  const post = usePostCompletedBuild();
  const upload = useUploadBuildPhoto();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<NewCompletedBuild>({
    resolver: zodResolver(newCompletedBuildSchema),
    defaultValues: { orderId: order._id, title: '', story: '', photos: [] },
  });
  const photos = useWatch({ control, name: 'photos' });
  if (!mayPost(order)) return null;
  if (post.data) {
    return (
      <p role="status" className="alert alert-success">
        Posted as a completed build.{' '}
        <Link className="link" to={`/completed-builds/${post.data.id}`}>
          See it
        </Link>
      </p>
    );
  }
  const setPhotos = (next: string[]) => setValue('photos', next, { shouldValidate: true, shouldDirty: true });
  const onPost = (build: NewCompletedBuild) =>
    post.mutate(build, { onSuccess: () => toastSuccess(messages.completedBuildPosted) });

  return (
    <details className="rounded-box border border-base-300 p-4">
      <summary className="cursor-pointer font-semibold">Post as a completed build</summary>
      <form className="mt-3 flex flex-col gap-3" noValidate onSubmit={(event) => void handleSubmit(onPost)(event)}>
        <p className="text-sm">
          Show the PC you built from this order in Completed Builds, marked “Built from a verified order”. Your display
          name is shown, never your email.
        </p>
        <FormField
          label="Title"
          maxLength={COMPLETED_BUILD_TITLE_MAX}
          error={errors.title?.message}
          {...register('title')}
        />
        <FormField
          as="textarea"
          label="Your story"
          hint="How the build went, and how it runs"
          rows={4}
          maxLength={COMPLETED_BUILD_STORY_MAX}
          error={errors.story?.message}
          {...register('story')}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Photos</legend>
          {photos.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Uploaded photos">
              {photos.map((url, index) => (
                <li key={url} className="flex flex-col items-center gap-1">
                  <img
                    src={sizedImage(url, 320)}
                    alt={`Upload ${index + 1}`}
                    className="h-20 w-20 rounded object-cover"
                  />
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Remove upload ${index + 1}`}
                    onClick={() => setPhotos(photos.filter((kept) => kept !== url))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < COMPLETED_BUILD_PHOTOS_MAX ? (
            <PhotoUploadControl
              value=""
              upload={upload}
              onUploaded={(url) => setPhotos(photos.includes(url) ? photos : [...photos, url])}
              hint={`PNG, JPEG or WebP, up to 5 MB each; up to ${COMPLETED_BUILD_PHOTOS_MAX} photos`}
            />
          ) : null}
          {errors.photos?.message ? (
            <p role="alert" className="text-sm text-error">
              {errors.photos.message}
            </p>
          ) : null}
        </fieldset>
        {post.isError ? (
          <p role="alert" className="alert alert-error">
            {errorMessage(post.error, 'Could not post the build')}
          </p>
        ) : null}
        <SubmitButton pending={post.isPending} className="self-start">
          Post completed build
        </SubmitButton>
      </form>
    </details>
  );
}
