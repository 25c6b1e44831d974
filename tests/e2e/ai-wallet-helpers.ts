import { expect, type Page, type TestInfo } from "@playwright/test";
import { type Address, createTestClient, createWalletClient, type Hex, http, keccak256, parseEther, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { emailedCode, headerAccount, uniqueEmail } from "./accounts-helpers.ts";
import { queryE2e } from "./db.ts";
import { fillSignUpForm, openSignUp, passSignUpChecks } from "./sign-up-helpers.ts";
import { chainReader, e2eChain } from "./swap-helpers.ts";

/**
 * The AI wallet's e2e steps: an email account signed up and signed in through the dialog (as accounts-email.spec.ts
 * does), codes read from the server's mail outbox, and coins sent to the AI wallet on the e2e chain.
 */

/** Signs up by email through the dialog (human check, image code, emailed code), then signs in. */
export async function signUpWithEmail(page: Page, testInfo: TestInfo, label: string): Promise<string> {
  const email = uniqueEmail(testInfo, label);
  const password = "e2e-secret-1";
  const dialog = await openSignUp(page);
  const answer = await passSignUpChecks(page, dialog);
  await fillSignUpForm(dialog, { email, password, imageCode: answer });
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByLabel("Verification code")).toBeVisible();
  await dialog.getByLabel("Verification code").fill(await emailedCode(email));
  await dialog.getByRole("button", { name: "Create account" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await expect(signIn.getByLabel("Email")).toHaveValue(email);
  await signIn.getByLabel("Password", { exact: true }).fill(password);
  await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(headerAccount(page)).toBeVisible();
  return email;
}

/** The id of the latest mail to `to` (0 when none): a code mailed after it is a new one. */
export async function lastMailId(to: string): Promise<number> {
  const [row] = await queryE2e<{ id: string | number }>(
    'select coalesce(max(id), 0) as id from mail_outbox where "to" = $1',
    [to],
  );
  return Number(row?.id ?? 0);
}

/** The six-digit code of the first mail to `to` after mail `afterId`. */
export async function codeMailedAfter(to: string, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await queryE2e<{ text: string }>(
        'select text from mail_outbox where "to" = $1 and id > $2 order by id limit 1',
        [to, afterId],
      );
      code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  if (!code) throw new Error(`no new code was mailed to ${to}`);
  return code;
}

const transport = http();

/**
 * Sends `eth` of the chain's coin to `to` on the e2e chain and waits for it to be mined: a deposit from a wallet of
 * this test alone (a key derived from the project and the repetition, given its coins through anvil), so tests
 * running at the same time never share a nonce.
 */
export async function sendEth(testInfo: TestInfo, to: Address, eth: string): Promise<Hex> {
  const funder = privateKeyToAccount(
    keccak256(toHex(`ai wallet e2e funder ${testInfo.project.name} ${testInfo.repeatEachIndex}`)),
  );
  const control = createTestClient({ mode: "anvil", chain: e2eChain, transport });
  const held = await chainReader.getBalance({ address: funder.address });
  await control.setBalance({ address: funder.address, value: held + parseEther(eth) + parseEther("0.01") });
  const wallet = createWalletClient({ account: funder, chain: e2eChain, transport });
  const hash = await wallet.sendTransaction({ to, value: parseEther(eth) });
  const receipt = await chainReader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") throw new Error(`the deposit ${hash} reverted`);
  return hash;
}

/** A fresh address nobody holds coins at: where a withdrawal goes. */
export function freshAddress(testInfo: TestInfo): Address {
  return privateKeyToAccount(keccak256(toHex(`ai wallet e2e receiver ${testInfo.testId} ${Date.now()}`))).address;
}
