import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Icon } from "../../../shared/ui/Icon.tsx";
import { IMAGE_ACCEPT, PDF_TYPE } from "../model/attachment-rules.ts";

/** "Attach" opens a small menu: an image (up to 5) or a PDF. The file inputs are labelled for assistive tech. */
export function UploadMenu({
  onImages,
  onPdf,
  disabled,
}: {
  onImages: (files: File[]) => void;
  onPdf: (file: File) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  return (
    <div className="upload-menu" ref={root}>
      <button
        type="button"
        className="icon-button button button--ghost"
        aria-label={t`Attach a file`}
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        <Icon name="attach" size={18} />
      </button>
      {open ? (
        <div className="upload-menu__list">
          <button
            type="button"
            className="upload-menu__item"
            onClick={() => {
              setOpen(false);
              imageInput.current?.click();
            }}
          >
            {t`Image (png, jpg)`}
          </button>
          <button
            type="button"
            className="upload-menu__item"
            onClick={() => {
              setOpen(false);
              pdfInput.current?.click();
            }}
          >
            {t`PDF document`}
          </button>
        </div>
      ) : null}
      <input
        ref={imageInput}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t`Image files`}
        accept={IMAGE_ACCEPT}
        multiple
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          if (files.length > 0) onImages(files);
        }}
      />
      <input
        ref={pdfInput}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t`PDF file`}
        accept={PDF_TYPE}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) onPdf(file);
        }}
      />
    </div>
  );
}
