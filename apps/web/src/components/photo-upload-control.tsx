import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { sizedImage, UPLOAD_MAX_BYTES, type Uploaded } from '@parts-shop/shared/upload';
import { errorMessage } from '../lib/error-message.ts';

type Props = {
  value: string;
  upload: UseMutationResult<Uploaded, Error, File>;
  onUploaded: (url: string) => void;
  hint: string;
  className?: string;
};

export function PhotoUploadControl({ value, upload, onUploaded, hint, className = '' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [tooLarge, setTooLarge] = useState(false);

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setTooLarge(file.size > UPLOAD_MAX_BYTES);
    if (file.size > UPLOAD_MAX_BYTES) return;
    upload.mutate(file, { onSuccess: ({ url }) => onUploaded(url) });
  }

  const error = tooLarge
    ? apiMessages.uploadTooLarge
    : upload.isError
      ? errorMessage(upload.error, 'Upload failed')
      : '';
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      {value ? <img src={sizedImage(value, 320)} alt="" className="h-16 w-16 rounded object-cover" /> : null}
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
        {hint}
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
