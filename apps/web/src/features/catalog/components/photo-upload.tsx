import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { sizedImage, UPLOAD_MAX_BYTES } from '@parts-shop/shared/upload';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';

/**
 * Upload photo, beside the Image URL field: the chosen file goes to POST /uploads and the
 * address it answers fills the field. The server checks the file; a file over the limit is
 * refused here first, so the admin does not wait for 5 MB to travel.
 */
export function PhotoUpload() {
  // Only the form's image field is this control's business.
  const { setValue, control } = useFormContext<{ img: string }>();
  const img = useWatch({ control, name: 'img' });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadPhoto();
  const [tooLarge, setTooLarge] = useState(false);

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setTooLarge(file.size > UPLOAD_MAX_BYTES);
    if (file.size > UPLOAD_MAX_BYTES) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => setValue('img', url, { shouldDirty: true, shouldValidate: true }),
    });
  }

  const error = tooLarge
    ? apiMessages.uploadTooLarge
    : upload.isError
      ? errorMessage(upload.error, 'Upload failed')
      : '';
  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-6">
      {img ? <img src={sizedImage(img, 320)} alt="" className="h-16 w-16 rounded object-cover" /> : null}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="hidden"
        aria-label="Photo file"
        tabIndex={-1}
        onChange={onChoose}
      />
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-describedby={hintId}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        Upload photo
      </button>
      <span id={hintId} className="text-sm text-base-content/70">
        PNG, JPEG or WebP, up to 5 MB; fills the Image URL
      </span>
      <p role="status" className="w-full text-sm">
        {upload.isPending ? 'Uploading photo…' : upload.isSuccess && !tooLarge ? 'Photo uploaded' : ''}
      </p>
      {error ? (
        <p role="alert" className="w-full text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
