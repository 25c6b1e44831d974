import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { type FormEvent, useState } from "react";
import { Limits } from "../../../../contract/constants.ts";
import type { DepositStatusData, RelatedCoin } from "../../../../contract/deposits.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import { uploadHash } from "../api/deposit-calls.ts";
import { chainName } from "../chain-names.ts";
import { hashLengthError } from "../hash-input.ts";
import { type UploadHashRequest, uploadHashRequestAtom } from "../purchase-state.ts";
import { DepositStatusView } from "./DepositStatusView.tsx";
import { PayChainsGate } from "./PayChainsGate.tsx";
import "./pay.css";

/**
 * The upload-payment-hash dialog (spec §2): the network and the transaction hash of a USDT transfer made to the
 * deposit address; the hash is checked (5-150 characters, trimmed: spec §5) before it is sent, then the server
 * reads it from the chain and the dialog shows pending, success or failure with the reason.
 */
export function UploadHashDialog() {
  const { t } = useLingui();
  const [request, setRequest] = useAtom(uploadHashRequestAtom);
  return (
    <Dialog
      open={request !== null}
      onClose={() => setRequest(null)}
      title={t`Report a payment`}
      className="upload-hash-dialog"
    >
      {request ? <UploadHashBody key={`${request.orderNo ?? ""}-${request.hash ?? ""}`} request={request} /> : null}
    </Dialog>
  );
}

function UploadHashBody({ request }: { request: UploadHashRequest }) {
  return <PayChainsGate>{(chains) => <UploadHashForm request={request} chains={chains} />}</PayChainsGate>;
}

function UploadHashForm({ request, chains }: { request: UploadHashRequest; chains: RelatedCoin[] }) {
  const { t, i18n } = useLingui();
  const [chain, setChain] = useState(request.chain);
  const [hash, setHash] = useState(request.hash ?? "");
  const [fieldError, setFieldError] = useState<MessageDescriptor | null>(null);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<DepositStatusData | null>(null);

  if (status) return <DepositStatusView key={status.txHash} initial={status} />;
  const selected = chains.find((item) => item.mainNetwork === chain)?.mainNetwork ?? chains[0]?.mainNetwork;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const lengthError = hashLengthError(hash);
    setFieldError(lengthError);
    if (lengthError || !selected) return;
    setBusy(true);
    try {
      const answer = await uploadHash({
        chargeHash: hash.trim(),
        chargeChain: selected,
        ...(request.productType ? { productType: request.productType } : {}),
        ...(request.productId ? { productId: request.productId } : {}),
        ...(request.orderNo ? { orderNo: request.orderNo } : {}),
      });
      setStatus(answer);
    } catch (caught) {
      const message = isApiError(caught) ? messageForKey(caught.key) : messageKeyText.Serverbusy;
      if (isApiError(caught) && caught.field === "chargeHash") setFieldError(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="pay-note">
        <Trans>
          Paid from another wallet or an exchange? Enter the transaction hash of your USDT transfer; the payment is
          credited once the chain confirms it.
        </Trans>
      </p>
      <RadioGroup
        label={t`Network`}
        name="upload-hash-chain"
        options={chains.map((item) => ({ value: item.mainNetwork, label: chainName(item.mainNetwork) }))}
        value={selected}
        onChange={setChain}
      />
      <TextField
        label={t`Transaction hash`}
        value={hash}
        onValueChange={(value) => {
          setHash(value);
          if (fieldError) setFieldError(null);
        }}
        error={fieldError ? i18n._(fieldError) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={Limits.hashMax + 50}
      />
      {error ? (
        <p className="pay-error" role="alert">
          {i18n._(error)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t`Checking…` : t`Submit hash`}
      </Button>
    </form>
  );
}
