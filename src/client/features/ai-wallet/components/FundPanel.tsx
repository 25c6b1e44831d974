import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { isApiError } from "../../../shared/api/api-error.ts";
import { shortenAddress } from "../../../shared/format/address.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { CopyField } from "../../../shared/ui/CopyField.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { type AiAccount, useDepositInfo } from "../api/ai-wallet-api.ts";
import { useSenderAddress } from "../use-sender-address.ts";
import { NetworkSelect } from "./NetworkSelect.tsx";

/**
 * Funding the AI wallet: its deposit address and QR code on the chosen chain. When a browser wallet is connected,
 * its address is sent along, so a sender on the sanctions list is refused here, with the reason.
 */
export function FundPanel({ account }: { account: AiAccount }) {
  const { t, i18n } = useLingui();
  const [chainId, setChainId] = useState(account.chains[0]?.chainId ?? null);
  const sender = useSenderAddress();
  const deposit = useDepositInfo(chainId, sender);
  const chain = account.chains.find((entry) => entry.chainId === chainId);
  const network = chain?.netWork ?? "";
  const senderShort = shortenAddress(sender);

  return (
    <div className="aiw-panel">
      <NetworkSelect chains={account.chains} value={chainId} onChange={setChainId} />
      {deposit.error ? (
        <LoadError onRetry={() => void deposit.mutate()}>
          {i18n._(messageForKey(isApiError(deposit.error) ? deposit.error.key : "Serverbusy"))}
        </LoadError>
      ) : !deposit.data ? (
        <p className="aiw-muted" role="status">
          <Trans>Loading the deposit address…</Trans>
        </p>
      ) : (
        <div className="aiw-deposit">
          <img
            className="aiw-deposit__qr"
            src={deposit.data.qrCode}
            alt={t`QR code of your AI wallet's deposit address on ${network}`}
            width={180}
            height={180}
          />
          <div className="aiw-deposit__fields">
            <CopyField label={t`Deposit address`} value={deposit.data.address} />
            <p className="aiw-muted">
              <Trans>
                Send only coins on {network} to this address. Your balance above shows them once the transfer is on the
                chain (Refresh balances).
              </Trans>
            </p>
            {sender ? (
              <p className="aiw-muted">
                <Trans>Your connected wallet {senderShort} was checked against the sanctions list.</Trans>
              </p>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
