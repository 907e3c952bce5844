import { useId, useState } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  exportBuild,
  type ExportableBuild,
  type ExportFormat,
} from '@parts-shop/shared/build-export';
import { toastSuccess } from '#web/lib/toast.ts';

type Props = {
  /** The server's lines, total, draw and verdict; undefined while they are read. */
  build: Omit<ExportableBuild, 'origin' | 'url'> | undefined;
  /** The build's own page, as a path ("/builds/…"); made absolute when copied. */
  path?: string;
  /** Names the buttons apart when several builds are on one page. */
  name?: string;
};

/**
 * One click copies the part list in a builder's format. The text is made at the click, with
 * this page's origin, so a server-drawn page and the browser agree on what they show.
 */
export function ExportBuild({ build, path, name }: Props) {
  const headingId = useId();
  // Shown when the clipboard refuses, so the text can still be selected and copied by hand.
  const [fallback, setFallback] = useState<{ format: ExportFormat; text: string } | null>(null);

  const copy = async (format: ExportFormat) => {
    if (!build) return;
    const origin = window.location.origin;
    const text = exportBuild(format, { ...build, origin, url: path ? `${origin}${path}` : undefined });
    try {
      await navigator.clipboard.writeText(text);
      setFallback(null);
      toastSuccess(`${EXPORT_FORMAT_LABELS[format]} copied`);
    } catch {
      setFallback({ format, text });
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Copy the part list{name ? <span className="sr-only"> of {name}</span> : null}
      </h3>
      <div className="flex flex-wrap gap-2">
        {EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="btn btn-outline btn-sm"
            disabled={!build}
            onClick={() => void copy(format)}
          >
            {EXPORT_FORMAT_LABELS[format]}
            {name ? <span className="sr-only"> of {name}</span> : null}
          </button>
        ))}
      </div>
      {fallback ? (
        <label className="flex flex-col gap-1 text-sm">
          <span role="alert">
            Could not copy: select the {EXPORT_FORMAT_LABELS[fallback.format]} below and copy it.
          </span>
          <textarea className="textarea textarea-sm h-40 font-mono" readOnly value={fallback.text} />
        </label>
      ) : null}
    </section>
  );
}
