import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../../shared/testing/stub-api.ts";
import { uploadHashRequestAtom } from "../purchase-state.ts";
import { fakeDepositStatus, payServer, TX_HASH } from "../testing/pay-fixtures.ts";
import { UploadHashDialog } from "./UploadHashDialog.tsx";

async function openUploadHash() {
  const user = userEvent.setup();
  const result = renderWithProviders(<UploadHashDialog />);
  act(() => {
    result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, "loggedIn");
    result.store.set(uploadHashRequestAtom, { chain: "ETH", orderNo: "ORD-1", productType: "CARDS", productId: 3 });
  });
  const dialog = within(await screen.findByRole("dialog", { name: "Report a payment" }));
  const field = await dialog.findByRole("textbox", { name: "Transaction hash" });
  return { ...result, user, dialog, field };
}

/** What a field's aria-describedby says (its error, here). */
function description(field: HTMLElement): string {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

const uploads = (calls: readonly RecordedCall[]) => calls.filter((call) => call.path === "pay/uploadHash");

describe("upload-hash dialog", () => {
  it("checks the hash is 5-150 characters once trimmed before sending anything (spec §5)", async () => {
    const api = stubApi(payServer());
    const { user, dialog, field } = await openUploadHash();
    const submit = dialog.getByRole("button", { name: "Submit hash" });

    await user.click(submit);
    expect(description(field)).toBe("Please enter the transaction hash.");

    await user.type(field, "  ab12  ");
    await user.click(submit);
    expect(description(field)).toBe("The hash must be 5 to 150 characters long.");

    await user.clear(field);
    await user.click(field);
    await user.paste("a".repeat(151));
    await user.click(submit);
    expect(description(field)).toBe("The hash must be 5 to 150 characters long.");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(uploads(api.calls)).toHaveLength(0);
  });

  it("sends the trimmed hash with the chain and order, then shows the pending state and checks again every 15 s", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const api = stubApi(
      payServer((call) => {
        if (call.path === "pay/uploadHash") return { data: fakeDepositStatus() };
        if (call.path === "bscHashCheck") {
          return {
            data: fakeDepositStatus({
              status: "success",
              reason: null,
              orderStatus: "success",
              credited: "19.99",
              confirmations: 3,
            }),
          };
        }
        return undefined;
      }),
    );
    const { user, dialog, field } = await openUploadHash();
    expect(dialog.getByRole("radio", { name: "Ethereum (ERC20)" })).toBeChecked();
    await user.click(field);
    await user.paste(`  ${TX_HASH}  `);
    await user.click(dialog.getByRole("button", { name: "Submit hash" }));

    expect(await dialog.findByRole("heading", { name: "Payment pending" })).toBeInTheDocument();
    expect(dialog.getByText("Waiting for confirmations on the chain.")).toBeInTheDocument();
    expect(dialog.getByText("Confirmations: 1 of 3")).toBeInTheDocument();
    expect(uploads(api.calls)[0]?.body).toEqual({
      chargeHash: TX_HASH,
      chargeChain: "ETH",
      productType: "CARDS",
      productId: 3,
      orderNo: "ORD-1",
    });

    expect(api.calls.filter((call) => call.path === "bscHashCheck")).toHaveLength(0);
    act(() => vi.advanceTimersByTime(15_000));
    expect(await dialog.findByRole("heading", { name: "Payment received" })).toBeInTheDocument();
    expect(dialog.getByText("19.99 USDT was added to your USDT balance.")).toBeInTheDocument();
    expect(dialog.getByText("Your purchase is complete.")).toBeInTheDocument();
    const [check] = api.calls.filter((call) => call.path === "bscHashCheck");
    expect(check?.query.get("hash")).toBe(TX_HASH);
    expect(check?.query.get("chain")).toBe("ETH");
  });

  it("shows a failure with the server's reason in words", async () => {
    stubApi(
      payServer((call) =>
        call.path === "pay/uploadHash"
          ? { data: fakeDepositStatus({ status: "failed", reason: "wrongRecipient", orderStatus: "pending" }) }
          : undefined,
      ),
    );
    const { user, dialog, field } = await openUploadHash();
    await user.click(field);
    await user.paste(TX_HASH);
    await user.click(dialog.getByRole("button", { name: "Submit hash" }));
    const failure = await dialog.findByRole("alert");
    expect(within(failure).getByRole("heading", { name: "Payment failed" })).toBeInTheDocument();
    expect(failure).toHaveTextContent("This transaction did not pay the deposit address.");
  });

  it("puts the server's refusal of the hash on the field (a hash used before)", async () => {
    stubApi(
      payServer((call) =>
        call.path === "pay/uploadHash"
          ? { status: 400, code: 8002, data: { key: "hashUsed", field: "chargeHash" } }
          : undefined,
      ),
    );
    const { user, dialog, field } = await openUploadHash();
    await user.click(field);
    await user.paste(TX_HASH);
    await user.click(dialog.getByRole("button", { name: "Submit hash" }));
    await vi.waitFor(() => expect(description(field)).toBe("This transaction was already used for a payment."));
  });
});
