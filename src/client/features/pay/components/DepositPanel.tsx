import type { MessageDescriptor } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue, useSetAtom } from "jotai";
import { useRef, useState } from "react";
import type { DepositQrCodeData, DepositStatusData, RelatedCoin } from "../../../../contract/deposits.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { connectWalletNameAtom } from "../../../shared/settings/settings.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { CopyField } from "../../../shared/ui/CopyField.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { findBrowserWallet } from "../../../shared/wallet/injected-wallet.ts";
import { uploadHash, useDepositQrCode } from "../api/deposit-calls.ts";
import { usePayUserId } from "../api/pay-keys.ts";
import { chainName } from "../chain-names.ts";
import { type TopUpRequest, topUpRequestAtom, uploadHashRequestAtom } from "../purchase-state.ts";
import { usdtAmount, usdtFigure } from "../usdt.ts";
import { payWithWallet, WalletPayError } from "../wallet/wallet-transfer.ts";
import { walletFailureText } from "../wallet-failure-text.ts";
import { DepositStatusView } from "./DepositStatusView.tsx";
import "./pay.css";

type WalletState =
  | { step: "idle" }
  | { step: "sending" }
  | { step: "failed"; message: MessageDescriptor }
  /** sent, but the report did not reach the server: the hash is kept so it can be reported */
  | { step: "unreported"; hash: string; message: MessageDescriptor }
  | { step: "reported"; status: DepositStatusData };

/** One chain's deposit for the product: the QR code, the address and exact amount to copy, and the two ways on. */
export function DepositPanel({ request, coin }: { request: TopUpRequest; coin: RelatedCoin }) {
  const { t } = useLingui();
  const userId = usePayUserId();
  const deposit = useDepositQrCode(userId, { ...request, chain: coin.mainNetwork });
  // a settled payment forgets the deposits asked for (refreshAfterPayment): the panel that paid keeps showing its
  // own deposit and the payment's outcome instead of asking for a new one
  const shown = useRef<DepositQrCodeData | undefined>(undefined);
  if (deposit.data) shown.current = deposit.data;
  const data = deposit.data ?? shown.current;
  if (data) return <DepositDetails request={request} coin={coin} deposit={data} />;
  if (deposit.error) {
    return (
      <LoadError onRetry={() => void deposit.mutate()}>
        {isApiError(deposit.error) ? t(messageForKey(deposit.error.key)) : t(messageKeyText.Serverbusy)}
      </LoadError>
    );
  }
  return <p aria-busy="true">{t`Preparing the payment…`}</p>;
}

function DepositDetails({
  request,
  coin,
  deposit,
}: {
  request: TopUpRequest;
  coin: RelatedCoin;
  deposit: DepositQrCodeData;
}) {
  const { t, i18n } = useLingui();
  const setTopUp = useSetAtom(topUpRequestAtom);
  const setUploadHash = useSetAtom(uploadHashRequestAtom);
  const walletName = useAtomValue(connectWalletNameAtom);
  const [wallet, setWallet] = useState<WalletState>({ step: "idle" });
  const network = chainName(deposit.chain);
  const amount = deposit.amount ?? "0";
  const amountShown = usdtFigure(amount);
  const confirmations = deposit.confirmations;
  const { callData, amountUnits } = deposit.transferData;
  const walletPayable = coin.kind === "evm" && deposit.chainId !== null && callData !== null && amountUnits !== null;
  const orderFields = {
    chain: deposit.chain,
    productType: request.productType,
    productId: request.productId,
    ...(deposit.orderNo ? { orderNo: deposit.orderNo } : {}),
  };

  const reportByHand = (hash?: string) => {
    setTopUp(null);
    setUploadHash({ ...orderFields, ...(hash ? { hash } : {}) });
  };

  async function payByWallet() {
    if (deposit.chainId === null || callData === null || amountUnits === null) return;
    const found = findBrowserWallet(walletName);
    if (!found) {
      setWallet({ step: "failed", message: walletFailureText("noWallet", network) });
      return;
    }
    setWallet({ step: "sending" });
    let hash: string;
    try {
      const payment = await payWithWallet(found.provider, {
        chainId: deposit.chainId,
        tokenAddress: deposit.transferData.tokenAddress,
        callData,
        amountUnits,
      });
      hash = payment.hash;
    } catch (error) {
      const failure = error instanceof WalletPayError ? error.failure : "failed";
      setWallet({ step: "failed", message: walletFailureText(failure, network) });
      return;
    }
    try {
      const status = await uploadHash({
        chargeHash: hash,
        chargeChain: deposit.chain,
        productType: request.productType,
        productId: request.productId,
        usedPlugin: found.name.slice(0, 40),
        ...(deposit.orderNo ? { orderNo: deposit.orderNo } : {}),
      });
      setWallet({ step: "reported", status });
    } catch (error) {
      const message = isApiError(error) ? messageForKey(error.key) : messageKeyText.Serverbusy;
      setWallet({ step: "unreported", hash, message });
    }
  }

  if (wallet.step === "reported") {
    return <DepositStatusView key={wallet.status.txHash} initial={wallet.status} />;
  }

  if (amount === "0") {
    return (
      <p className="pay-note" role="status">
        {t`Your USDT balance already covers this purchase. Close this window and confirm the purchase again.`}
      </p>
    );
  }

  return (
    <div className="deposit">
      <img
        className="deposit__qr"
        src={deposit.qrCode}
        alt={t`QR code to pay ${amountShown} USDT on ${network}`}
        width={200}
        height={200}
      />
      <div className="deposit__fields">
        <CopyField label={t`Deposit address`} value={deposit.depositAddress} />
        <CopyField label={t`Exact amount`} value={amount} shown={i18n._(usdtAmount(amount))} />
        <p className="pay-note">
          <Trans>
            Send exactly this amount of USDT on {network} to the deposit address. USDT on another network, or another
            token, is not credited.
          </Trans>{" "}
          <Plural
            value={confirmations}
            one="The payment counts after # confirmation on the chain."
            other="The payment counts after # confirmations on the chain."
          />
        </p>
      </div>
      {wallet.step === "failed" ? (
        <p className="pay-error" role="alert">
          {i18n._(wallet.message)}
        </p>
      ) : null}
      {wallet.step === "unreported" ? (
        <div className="pay-error" role="alert">
          <p>
            <Trans>The wallet sent the payment, but it could not be reported:</Trans> {i18n._(wallet.message)}
          </p>
          <CopyField label={t`Transaction hash`} value={wallet.hash} />
          <Button onClick={() => reportByHand(wallet.hash)}>{t`Report the hash`}</Button>
        </div>
      ) : null}
      <div className="pay-actions">
        <Button variant="secondary" onClick={() => reportByHand()}>
          {t`I have recharged`}
        </Button>
        {walletPayable ? (
          <Button
            variant="primary"
            disabled={wallet.step === "sending"}
            aria-busy={wallet.step === "sending" || undefined}
            onClick={() => void payByWallet()}
          >
            {wallet.step === "sending" ? t`Confirm in your wallet…` : t`Pay with wallet`}
          </Button>
        ) : (
          <p className="pay-note">{t`On this network, pay from your wallet app with the QR code or the address.`}</p>
        )}
      </div>
    </div>
  );
}
