import type { useAuthForm } from "../use-auth-form.ts";
import type { useHumanGate } from "../use-human-gate.ts";
import { HumanCheck } from "./HumanCheck.tsx";

/** The human check as a field of an auth form: focusable for errors, feeding the gate, clearing its error. */
export function HumanCheckField({
  form,
  gate,
}: {
  form: ReturnType<typeof useAuthForm>;
  gate: ReturnType<typeof useHumanGate>;
}) {
  return (
    <div ref={form.ref("humanCheck")} tabIndex={-1} className="auth-form__check">
      <HumanCheck
        key={gate.checkKey}
        onVerified={(token) => {
          gate.onVerified(token);
          form.clear("humanCheck");
        }}
        onExpired={gate.onExpired}
        error={form.text("humanCheck")}
      />
    </div>
  );
}
