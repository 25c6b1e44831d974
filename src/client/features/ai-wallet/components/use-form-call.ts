import { useState } from "react";
import { type FormFailure, formFailure } from "../ai-wallet-text.ts";

/**
 * A form's call to the server: busy while it runs (its buttons disabled), the last failure cleared when it starts and
 * set from what the server answered (formFailure) when it fails; `failed` sees the error first.
 */
export function useFormCall() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const call = async (work: () => Promise<void>, failed?: (error: unknown) => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      failed?.(error);
      setFailure(formFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, call };
}
