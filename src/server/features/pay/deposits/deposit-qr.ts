import QRCode from "qrcode";
import { type Address, encodeFunctionData, erc20Abi } from "viem";
import type { PayChain } from "../../../config.ts";
import { microToUnits } from "./token-units.ts";

/**
 * What a deposit QR code carries (spec §3 deposit QR response). On an EVM chain an EIP-681 URI of the token's
 * transfer (`ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<amount>`), which wallets open as a filled-in
 * USDT transfer, and the ERC-20 transfer call's data for a connected wallet to send; on TRON the deposit address
 * (TRON wallets take no payment URI standard), the amount shown beside it.
 */
export interface DepositTransfer {
  uri: string;
  qrCode: string;
  transferData: {
    tokenAddress: string;
    callData: string | null;
    tokenDecimals: number;
    amountUnits: string | null;
  };
}

export async function depositTransfer(chain: PayChain, amountMicro: number | null): Promise<DepositTransfer> {
  const units = amountMicro === null ? null : microToUnits(amountMicro, chain.decimals);
  let uri = chain.depositAddress;
  let callData: string | null = null;
  if (chain.kind === "evm") {
    const amount = units === null ? "" : `&uint256=${units}`;
    uri = `ethereum:${chain.usdt}@${chain.chainId}/transfer?address=${chain.depositAddress}${amount}`;
    if (units !== null) {
      callData = encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [chain.depositAddress as Address, units],
      });
    }
  }
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 320 });
  return {
    uri,
    qrCode,
    transferData: {
      tokenAddress: chain.usdt,
      callData,
      tokenDecimals: chain.decimals,
      amountUnits: units === null ? null : units.toString(),
    },
  };
}
