import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type AuthField, type FieldErrors, firstInvalidField } from "./auth-fields.ts";

/**
 * Errors by field for one of the sign-in forms: shown under each field, the first invalid field focused after
 * the errors render (so it is announced with its error), and an error cleared as soon as its field is edited.
 */
export function useAuthForm(order: readonly AuthField[]) {
  const { i18n } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new object per request, so the same mistakes submitted twice move the focus again.
  const [focusRequest, setFocusRequest] = useState<{ field: AuthField } | undefined>(undefined);
  const elements = useRef<Partial<Record<AuthField, HTMLElement | null>>>({});

  useEffect(() => {
    if (focusRequest) elements.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  const show = useCallback(
    (next: FieldErrors) => {
      setErrors(next);
      const field = firstInvalidField(next, order);
      if (field) setFocusRequest({ field });
    },
    [order],
  );

  const clear = useCallback((field: AuthField) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const ref = (field: AuthField) => (element: HTMLElement | null) => {
    elements.current[field] = element;
  };

  const text = (field: AuthField): string | undefined => {
    const error = errors[field];
    return error ? i18n._(error) : undefined;
  };

  return { errors, show, clear, ref, text, reset: () => setErrors({}) };
}
