import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { CopyField } from "../../../shared/ui/CopyField.tsx";
import { exportKey, preExport } from "../api/ai-wallet-api.ts";
import { CodeForm, codeFailure } from "./CodeField.tsx";
import { FailureNote } from "./parts.tsx";
import { useFormCall } from "./use-form-call.ts";
import "./frozen-coins.css";

type Step = { step: "intro" } | { step: "code"; email: string } | { step: "shown"; privateKey: string };

/**
 * Export of the AI wallet's private key, after an emailed code: the risk first, then the code, then the key shown
 * once with a Copy button. It lives only in this panel's state: leaving the panel (or the app going to the
 * background) hides it for good; seeing it again takes a new code. While the wallet holds frozen coins (received from
 * an address on the sanctions list) the key is not exported, and the panel says so instead of offering a code.
 */
export function ExportKeyPanel({ frozen = false }: { frozen?: boolean }) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<Step>({ step: "intro" });
  const [code, setCode] = useState("");
  const { busy, failure, setFailure, call } = useFormCall();
  const shown = step.step === "shown";

  useEffect(() => {
    if (!shown) return;
    const hide = () => {
      if (document.visibilityState === "hidden") setStep({ step: "intro" });
    };
    document.addEventListener("visibilitychange", hide);
    return () => document.removeEventListener("visibilitychange", hide);
  }, [shown]);

  const sendCode = () =>
    call(async () => {
      const { email } = await preExport();
      setCode("");
      setStep({ step: "code", email });
    });

  const reveal = async () => {
    const wrong = codeFailure(code);
    if (wrong) {
      setFailure(wrong);
      return;
    }
    await call(async () => {
      const answer = await exportKey(code);
      setCode("");
      setStep({ step: "shown", privateKey: answer.privateKey });
    });
  };

  const warning = (
    <div className="warning" role="note">
      <p>
        <Trans>
          Anyone who has this key controls your AI wallet and everything in it. Never share it: nobody from MountainLion
          will ever ask for it. Keep it offline, where only you can read it.
        </Trans>
      </p>
    </div>
  );

  if (step.step === "shown") {
    return (
      <div className="aiw-panel">
        {warning}
        <CopyField label={t`Private key`} value={step.privateKey} />
        <p className="aiw-muted">
          <Trans>The key is shown this once. It is hidden when you leave this panel.</Trans>
        </p>
        <Button variant="primary" onClick={() => setStep({ step: "intro" })}>
          {t`Hide the key`}
        </Button>
      </div>
    );
  }

  if (step.step === "code") {
    const email = step.email;
    return (
      <CodeForm
        code={code}
        onCodeChange={setCode}
        failure={failure}
        busy={busy}
        submitLabel={t`Show the key`}
        onSubmit={() => void reveal()}
        other={{ label: t`Send a new code`, onClick: () => void sendCode() }}
      >
        {warning}
        <p className="aiw-muted" role="status">
          <Trans>We emailed a code to {email}.</Trans>
        </p>
      </CodeForm>
    );
  }

  if (frozen) {
    return (
      <div className="aiw-panel">
        <p className="aiw-frozen__why" role="note">
          {i18n._(messageForKey("fundsFrozen"))}
        </p>
      </div>
    );
  }

  return (
    <div className="aiw-panel">
      {warning}
      <p>
        <Trans>To show the key, confirm with a code we email to you.</Trans>
      </p>
      <FailureNote failure={failure} fieldLabels={{}} />
      <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void sendCode()}>
        {busy ? t`Sending the code…` : t`Send code`}
      </Button>
    </div>
  );
}
