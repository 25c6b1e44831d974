import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UserInfoData } from "../../../../contract/user.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { editionAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeUserInfo } from "../testing/fake-user-info.ts";
import { PersonalCenter } from "./PersonalCenter.tsx";

async function openPersonalCenter(
  info: UserInfoData = fakeUserInfo(),
  replies: Partial<Record<string, (call: RecordedCall) => StubReply>> = {},
) {
  const api = stubApi((call) => {
    const reply = replies[call.path];
    if (reply) return reply(call);
    if (call.path === "user/info") return { data: info };
    return { data: {} };
  });
  const user = userEvent.setup({ applyAccept: false });
  const { store } = renderWithProviders(<PersonalCenter />);
  act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
  await screen.findByText("100007");
  return { api, user, store };
}

describe("personal center", () => {
  it("shows the profile: username, UID, email, short wallet address, registration time, invitation code", async () => {
    await openPersonalCenter();
    const fact = (name: string) => screen.getByText(name, { selector: "dt" }).nextElementSibling?.textContent;
    expect(fact("Username")).toContain("investor@example.com");
    expect(fact("UID")).toBe("100007");
    expect(fact("Email")).toBe("investor@example.com");
    expect(fact("Wallet address")).toBe("0xf3...2266");
    expect(fact("Registered")).toMatch(/2025/);
    expect(fact("Invitation code")).toContain("INV7X2");
    expect(screen.getByRole("radio", { name: "PLUS" })).toBeChecked();
  });

  it("checks the new username: required, at most 20 characters; the weekly limit (2014) shows on the field", async () => {
    const { api, user } = await openPersonalCenter(fakeUserInfo(), {
      "user/modifyProfile": () => ({ code: 2014, data: { key: "aweekOncename" } }),
    });
    await user.click(screen.getByRole("button", { name: "Edit username" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit username" }));
    const name = dialog.getByLabelText("Username");
    await user.clear(name);
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(dialog.getByText("Please enter a username.")).toBeInTheDocument();
    await user.type(name, "a".repeat(21));
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(dialog.getByText("A username has at most 20 characters.")).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === "user/modifyProfile")).toHaveLength(0);
    await user.clear(name);
    await user.type(name, "CryptoCat");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("The username can be changed once a week.")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "user/modifyProfile")?.body).toEqual({ userName: "CryptoCat" });
  });

  it("says when the username can change again", async () => {
    await openPersonalCenter(fakeUserInfo({ username_changeable_at: "2999-01-02T00:00:00.000Z" }));
    expect(screen.getByText(/You can change it again on .*2999/, { selector: ".person__hint" })).toBeInTheDocument();
  });

  it("refuses an avatar that is not png or jpeg, naming the file", async () => {
    const { api, user } = await openPersonalCenter();
    await user.upload(screen.getByLabelText("Change avatar"), new File(["GIF89a"], "cat.gif", { type: "image/gif" }));
    expect(screen.getByRole("alert")).toHaveTextContent("cat.gif: Only png, jpeg or jpg images are allowed.");
    expect(api.calls.filter((call) => call.path === "user/modifyProfile")).toHaveLength(0);
  });

  it("uploads a png avatar as a data URL", async () => {
    const { api, user } = await openPersonalCenter();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Change avatar"), png);
    expect(await screen.findByText("Uploaded.")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "user/modifyProfile")?.body).toEqual({
      image: "data:image/png;base64,iVBORw==",
    });
  });

  it("switches the edition on the server and here", async () => {
    const { api, user, store } = await openPersonalCenter();
    await user.click(screen.getByRole("radio", { name: "Basic" }));
    await vi.waitFor(() => expect(store.get(editionAtom)).toBe("BasicEdition"));
    expect(api.calls.find((call) => call.path === "user/edition")?.body).toEqual({ edition: "BasicEdition" });
  });
});
