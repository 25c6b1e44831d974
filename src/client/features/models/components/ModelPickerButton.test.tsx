import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ModelListItem } from "../../../../contract/models.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { ModelPickerButton } from "./ModelPickerButton.tsx";

function item(
  model: number,
  version: string,
  available: boolean,
  kind: ModelListItem["kind"] = "model",
): ModelListItem {
  return { model, version, kind, available, isDefault: model === 6, contextTokens: 128_000 };
}

const catalogue: ModelListItem[] = [
  item(6, "MountainLion", true),
  item(9, "qwen", true),
  item(1, "GPT", false),
  item(2, "Claude", false),
  item(4, "Open Mistral", false, "label"),
  item(0, "Automatic mode", true, "auto"),
];

async function openPicker(reply: () => StubReply | Promise<StubReply> = () => ({ data: catalogue })) {
  const api = stubApi(reply);
  const user = userEvent.setup();
  renderWithProviders(<ModelPickerButton />);
  await user.click(screen.getByRole("button", { name: "Model: MountainLion" }));
  const dialog = await screen.findByRole("dialog", { name: "Choose a model" });
  return { api, user, dialog, picker: within(dialog) };
}

describe("model picker", () => {
  it("names the default model on its button", () => {
    stubApi(() => ({ data: catalogue }));
    renderWithProviders(<ModelPickerButton />);
    expect(screen.getByRole("button", { name: "Model: MountainLion" })).toBeInTheDocument();
  });

  it("lists every catalogue entry and disables the unavailable ones", async () => {
    const { api, picker } = await openPicker();
    expect(await picker.findByRole("radio", { name: "MountainLion" })).toBeChecked();
    expect(picker.getAllByRole("radio")).toHaveLength(catalogue.length);
    for (const name of ["MountainLion", "qwen", "Automatic mode"]) {
      expect(picker.getByRole("radio", { name })).toBeEnabled();
    }
    for (const name of ["GPT", "Claude", "Open Mistral"]) {
      const radio = picker.getByRole("radio", { name });
      expect(radio).toBeDisabled();
      const note = document.getElementById(radio.getAttribute("aria-describedby") ?? "");
      expect(note?.textContent).toBe("Not configured");
    }
    expect(picker.getAllByText("Not configured")).toHaveLength(3);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET llm/model/list"]);
  });

  it("saves the chosen model, closes and shows it on the button", async () => {
    const { user, dialog, picker } = await openPicker();
    await user.click(await picker.findByRole("radio", { name: "qwen" }));
    expect(localStorage.getItem("answerModel")).toBe("9");
    expect(dialog).not.toHaveAttribute("open");
    expect(screen.getByRole("button", { name: "Model: qwen" })).toBeInTheDocument();
  });

  it("lets keyboard users browse with arrows and confirm with Enter", async () => {
    const { user, dialog, picker } = await openPicker();
    const current = await picker.findByRole("radio", { name: "MountainLion" });
    current.focus();
    await user.keyboard("{ArrowDown}");
    expect(picker.getByRole("radio", { name: "qwen" })).toBeChecked();
    expect(localStorage.getItem("answerModel")).toBe("9");
    expect(dialog).toHaveAttribute("open");
    await user.keyboard("{Enter}");
    expect(dialog).not.toHaveAttribute("open");
    expect(screen.getByRole("button", { name: "Model: qwen" })).toBeInTheDocument();
  });

  it("ignores clicks on an unavailable model", async () => {
    const { user, dialog, picker } = await openPicker();
    await user.click(await picker.findByRole("radio", { name: "GPT" }));
    expect(localStorage.getItem("answerModel")).toBeNull();
    expect(dialog).toHaveAttribute("open");
    expect(picker.getByRole("radio", { name: "MountainLion" })).toBeChecked();
  });

  it("reads the stored choice back", async () => {
    localStorage.setItem("answerModel", "0");
    stubApi(() => ({ data: catalogue }));
    renderWithProviders(<ModelPickerButton />);
    expect(screen.getByRole("button", { name: "Model: Automatic mode" })).toBeInTheDocument();
  });

  it("shows loading, then an error with a working retry", async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, user, picker } = await openPicker(async () => {
      await gate;
      return fail ? { status: 500, code: 1001, data: { key: "Serverbusy" } } : { data: catalogue };
    });
    expect(picker.getByRole("status")).toHaveTextContent("Loading models…");
    release();
    expect(await picker.findByText("The models could not be loaded.")).toBeInTheDocument();
    expect(picker.getByRole("alert")).toHaveTextContent("The server is busy. Please try again later.");

    fail = false;
    await user.click(picker.getByRole("button", { name: "Retry" }));
    expect(await picker.findByRole("radio", { name: "qwen" })).toBeEnabled();
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
  });
});
