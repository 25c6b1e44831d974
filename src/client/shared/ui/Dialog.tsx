import { useLingui } from "@lingui/react/macro";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type SyntheticEvent,
  useId,
  useRef,
} from "react";
import "./dialog.css";
import { LazyMotion, m, type PanInfo, useDragControls } from "framer-motion";
import { useLayoutMode } from "./layout-mode.ts";
import { useModalDialog } from "./use-modal-dialog.ts";

// Drag and animation features load with the first dialog, never with the page.
const motionFeatures = () => import("./motion-features.ts").then((module) => module.default);

/** How far (px) or how fast (px/s) a sheet must be pulled down to close. */
const DISMISS_OFFSET = 120;
const DISMISS_VELOCITY = 600;

export interface DialogProps {
  open: boolean;
  /** Called for the Close button, Escape and a click on the backdrop; the owner sets `open` to false. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog> (focus trap, top layer, inert page and focus return come from the browser).
 * `open` stays the single source of truth: Escape and backdrop clicks ask the owner to close.
 * In the narrow layout (phones, Telegram) it is a bottom sheet that closes when dragged down by its handle.
 * While open it owns a history entry, so the browser's or Telegram's back button closes it first.
 */
export function Dialog({ open, onClose, title, children, className }: DialogProps) {
  const { t } = useLingui();
  const ref = useModalDialog(open, onClose);
  const titleId = useId();
  const sheet = useLayoutMode() === "narrow";
  const dragControls = useDragControls();

  const requestClose = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") requestClose(event);
  };
  // The panel fills the dialog box, so a press whose target is the <dialog> itself landed on the backdrop.
  // Both ends must be there: a text selection dragged out of the panel must not close the dialog.
  const pressedBackdrop = useRef(false);
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedBackdrop.current && event.target === event.currentTarget) onClose();
    pressedBackdrop.current = false;
  };

  return (
    <dialog
      ref={ref}
      className={["dialog", sheet ? "dialog--sheet" : "", className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      onCancel={requestClose}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <LazyMotion features={motionFeatures} strict>
        <m.div
          className="dialog__panel"
          drag={sheet ? "y" : false}
          dragControls={dragControls}
          dragListener={false}
          dragConstraints={{ top: 0, bottom: 0 }}
          dragElastic={{ top: 0, bottom: 1 }}
          onDragEnd={(_event: unknown, info: PanInfo) => {
            if (info.offset.y > DISMISS_OFFSET || info.velocity.y > DISMISS_VELOCITY) onClose();
          }}
        >
          {sheet ? (
            <div
              className="dialog__handle"
              data-testid="sheet-handle"
              aria-hidden="true"
              onPointerDown={(event) => dragControls.start(event)}
            />
          ) : null}
          <div className="dialog__header" onPointerDown={sheet ? (event) => dragControls.start(event) : undefined}>
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label={t`Close`} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="dialog__body">{children}</div>
        </m.div>
      </LazyMotion>
    </dialog>
  );
}
