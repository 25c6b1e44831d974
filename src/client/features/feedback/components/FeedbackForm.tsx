import { useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Limits } from "../../../../contract/constants.ts";
import { bugLocations, screenshotMimeTypes } from "../../../../contract/feedback.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { readDataUrl } from "../../../shared/files/read-data-url.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useAddFeedback } from "../api/add-feedback.ts";
import {
  emptyDraft,
  type FeedbackDraft,
  type FeedbackField,
  type FieldError,
  type FieldErrors,
  fieldErrorsFromApi,
  firstInvalidField,
  type Screenshot,
  validateDraft,
} from "../feedback-draft.ts";
import { toSeriousness, useFeedbackLabels } from "../feedback-labels.ts";
import "../../../shared/ui/form.css";
import { useHost } from "../../../host/host-context.tsx";

const CONTENT_MAX = Limits.feedbackContentMax;
const acceptedTypes: readonly string[] = screenshotMimeTypes;

function withoutError(errors: FieldErrors, field: FeedbackField): FieldErrors {
  if (!errors[field]) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

export interface FeedbackFormProps {
  /** called after the server accepted the feedback and the form was reset */
  onSent: () => void;
}

/** The feedback form of spec §3/§5: validated with the contract schema, sent to POST addFeedback. */
export function FeedbackForm({ onSent }: FeedbackFormProps) {
  const { t, i18n } = useLingui();
  const labels = useFeedbackLabels();
  const toast = useToast();
  const host = useHost();
  const { trigger, isMutating } = useAddFeedback();
  const [draft, setDraft] = useState<FeedbackDraft>(emptyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new object per request, so submitting the same mistakes twice moves the focus again.
  const [focusRequest, setFocusRequest] = useState<{ field: FeedbackField } | undefined>(undefined);
  const id = useId();

  const seriousnessRef = useRef<HTMLDivElement>(null);
  const typeRef = useRef<HTMLDivElement>(null);
  const locationRef = useRef<HTMLSelectElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Focus moves after the errors are rendered, so the field is announced with its error.
  useEffect(() => {
    if (!focusRequest) return;
    const targets = {
      seriousness: seriousnessRef,
      type: typeRef,
      bug_location: locationRef,
      content: contentRef,
      contact: contactRef,
      base64_content: fileRef,
    } as const;
    const element = targets[focusRequest.field].current;
    // A radio group takes the focus on its checked radio, else its first one.
    if (element instanceof HTMLDivElement) {
      (
        element.querySelector<HTMLInputElement>("input:checked") ?? element.querySelector<HTMLInputElement>("input")
      )?.focus();
    } else {
      element?.focus();
    }
  }, [focusRequest]);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const field = firstInvalidField(next);
    if (field) setFocusRequest({ field });
  };

  const edit = (field: FeedbackField, patch: Partial<FeedbackDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutError(current, field));
  };

  const errorId = (field: FeedbackField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

  const errorText = (error: FieldError) => {
    const reason = i18n._(messageForKey(error.key));
    const fileName = error.fileName;
    return fileName ? t`${fileName}: ${reason}` : reason;
  };

  const renderError = (field: FeedbackField) => {
    const error = errors[field];
    if (!error) return null;
    return (
      <p id={errorId(field)} className="field-error">
        {errorText(error)}
      </p>
    );
  };

  const setScreenshot = (screenshot: Screenshot) => {
    setDraft((current) => ({ ...current, screenshot }));
    setErrors((current) => {
      const cleared = withoutError(current, "base64_content");
      return screenshot.status === "rejected"
        ? { ...cleared, base64_content: { key: screenshot.key, fileName: screenshot.name } }
        : cleared;
    });
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) {
      setScreenshot({ status: "none" });
      return;
    }
    if (!acceptedTypes.includes(file.type)) {
      setScreenshot({ status: "rejected", name: file.name, key: "imgTypeTip" });
      return;
    }
    if (file.size > Limits.feedbackScreenshotMaxBytes) {
      setScreenshot({ status: "rejected", name: file.name, key: "payloadTooLarge" });
      return;
    }
    try {
      setScreenshot({ status: "attached", name: file.name, dataUrl: await readDataUrl(file) });
    } catch {
      setScreenshot({ status: "rejected", name: file.name, key: "updataError" });
    }
  };

  const removeScreenshot = () => {
    if (fileRef.current) fileRef.current.value = "";
    setScreenshot({ status: "none" });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    host.haptics.impact("medium");
    const result = validateDraft(draft);
    if (!result.ok) {
      host.haptics.notification("error");
      showErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await trigger(result.body);
    } catch (error) {
      const fieldErrors = isApiError(error) ? fieldErrorsFromApi(error) : undefined;
      host.haptics.notification("error");
      if (fieldErrors) showErrors(fieldErrors);
      else toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
      return;
    }
    host.haptics.notification("success");
    toast.show(messageKeyText.facebacksuccessfully, "success");
    setDraft(emptyDraft);
    if (fileRef.current) fileRef.current.value = "";
    onSent();
  };

  const attachedName = draft.screenshot.status === "attached" ? draft.screenshot.name : undefined;
  const contentLength = draft.content.length;
  const counterId = `${id}-content-counter`;
  const contactHintId = `${id}-contact-hint`;
  const fileHintId = `${id}-file-hint`;

  return (
    <form className="form feedback-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <RadioGroup
          ref={seriousnessRef}
          label={t`Seriousness`}
          name={`${id}-seriousness`}
          options={labels.seriousness}
          value={draft.seriousness === undefined ? undefined : `${draft.seriousness}`}
          onChange={(value) => edit("seriousness", { seriousness: toSeriousness(value) })}
          required
          errorId={errorId("seriousness")}
        />
        {renderError("seriousness")}
      </div>

      <div className="field">
        <RadioGroup
          ref={typeRef}
          label={t`Type`}
          name={`${id}-type`}
          options={labels.types}
          value={draft.type}
          onChange={(type) => {
            edit("type", { type });
            setErrors((current) => withoutError(current, "bug_location"));
          }}
          required
          errorId={errorId("type")}
        />
        {renderError("type")}
      </div>

      <div className="field">
        <div className="field__row">
          <label className="field__label" htmlFor={`${id}-content`}>
            {t`Description`}
          </label>
          <span id={counterId} className={contentLength > CONTENT_MAX ? "counter counter--over" : "counter"}>
            {contentLength}/{CONTENT_MAX}
          </span>
        </div>
        <textarea
          ref={contentRef}
          id={`${id}-content`}
          className="textarea"
          value={draft.content}
          required
          rows={4}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={describedBy(errorId("content"), counterId)}
          onChange={(event) => edit("content", { content: event.currentTarget.value })}
        />
        {renderError("content")}
      </div>

      {draft.type === "bug" ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-location`}>
            {t`Where did it happen?`}
          </label>
          <select
            ref={locationRef}
            id={`${id}-location`}
            className="select"
            value={draft.bugLocation}
            required
            aria-invalid={errors.bug_location ? true : undefined}
            aria-describedby={errorId("bug_location")}
            onChange={(event) => {
              const value = bugLocations.find((location) => location === event.currentTarget.value) ?? "";
              edit("bug_location", { bugLocation: value });
            }}
          >
            <option value="">{t`Select…`}</option>
            {labels.locations.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {renderError("bug_location")}
        </div>
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={`${id}-contact`}>
          {t`Contact`}
        </label>
        <span id={contactHintId} className="field__hint">
          {t`Email, Telegram handle or another way to reach you`}
        </span>
        <input
          ref={contactRef}
          id={`${id}-contact`}
          className="input"
          type="text"
          autoComplete="email"
          value={draft.contact}
          required
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby={describedBy(errorId("contact"), contactHintId)}
          onChange={(event) => edit("contact", { contact: event.currentTarget.value })}
        />
        {renderError("contact")}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {t`Screenshot (optional)`}
        </label>
        <span id={fileHintId} className="field__hint">
          {t`PNG or JPEG image`}
        </span>
        <input
          ref={fileRef}
          id={`${id}-file`}
          className="file-input"
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          aria-invalid={errors.base64_content ? true : undefined}
          aria-describedby={describedBy(errorId("base64_content"), fileHintId)}
          onChange={onFileChange}
        />
        {attachedName !== undefined ? (
          <div className="field__row">
            <span className="field__hint">{t`Attached: ${attachedName}`}</span>
            <Button variant="ghost" onClick={removeScreenshot}>
              {t`Remove screenshot`}
            </Button>
          </div>
        ) : null}
        {renderError("base64_content")}
      </div>

      <div className="form__actions">
        <Button type="submit" variant="primary" disabled={isMutating} aria-busy={isMutating || undefined}>
          {t`Send feedback`}
        </Button>
      </div>
    </form>
  );
}
