import { useFormContext, useWatch } from 'react-hook-form';
import { PhotoUploadControl } from '#web/components/photo-upload-control.tsx';
import { useUploadPhoto } from '../api/upload-photo.ts';

export function PhotoUpload() {
  const { setValue, control } = useFormContext<{ img: string }>();
  const img = useWatch({ control, name: 'img' });
  const upload = useUploadPhoto();
  return (
    <PhotoUploadControl
      value={img}
      upload={upload}
      onUploaded={(url) => setValue('img', url, { shouldDirty: true, shouldValidate: true })}
      hint="PNG, JPEG or WebP, up to 5 MB; fills the Image URL"
      className="sm:col-span-6"
    />
  );
}
