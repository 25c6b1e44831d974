import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { type ChatInput, ChatInputBar } from "./ChatInputBar.tsx";

function setup(reply: () => StubReply | Promise<StubReply> = () => ({ data: {} })) {
  const api = stubApi(reply);
  const onSend = vi.fn((_input: ChatInput) => true);
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<ChatInputBar onSend={onSend} attachmentsDeps={{ compress: async (file) => file }} />);
  const box = screen.getByRole("textbox", { name: "Question" });
  return { api, onSend, user, box };
}

const png = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

describe("chat input bar", () => {
  it("sends on Enter and makes a new line with Shift+Enter", async () => {
    const { onSend, user, box } = setup();
    await user.type(box, "BTC price?{Shift>}{Enter}{/Shift}today");
    expect(box).toHaveValue("BTC price?\ntoday");
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith({ question: "BTC price?\ntoday", attachments: [] });
    expect(box).toHaveValue("");
  });

  it("ignores Enter while an input method composes, and blank questions", async () => {
    const { onSend, user, box } = setup();
    await user.type(box, "比特币");
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, "   {Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("does not send on Enter from a phone keyboard; the Send button sends", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: query.includes("pointer: coarse"),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    const { onSend, user, box } = setup();
    await user.type(box, "ETH?{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue("ETH?\n");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledWith({ question: "ETH?", attachments: [] });
  });

  it("counts near the 5000 limit and refuses a longer question", async () => {
    const { onSend, user, box } = setup();
    await user.click(box);
    await user.paste("a".repeat(4500));
    expect(screen.getByText("4500 / 5000 characters")).toBeInTheDocument();
    await user.paste("a".repeat(501));
    expect(screen.getByText("5001 / 5000 characters")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("The text is too long: at most 5000 characters.");
  });

  it("names each refused image: wrong type, too large, more than five", async () => {
    const { api, user } = setup(() => ({ data: { files_url: ["/u/1", "/u/2", "/u/3", "/u/4", "/u/5"] } }));
    const big = new File([new Uint8Array(16)], "huge.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText("Image files"), [
      new File(["gif"], "cat.gif", { type: "image/gif" }),
      big,
      png("1.png"),
      png("2.png"),
      png("3.png"),
      png("4.png"),
      png("5.png"),
      png("6.png"),
    ]);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("cat.gif: only png, jpeg or jpg images are allowed.");
    expect(alert).toHaveTextContent("huge.png is larger than 10 MB.");
    expect(alert).toHaveTextContent("6.png was not added: at most 5 images per question.");
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const body = api.calls[0]?.body as { image_list: { name: string; type: string }[] };
    expect(api.calls[0]?.path).toBe("imageListUpload");
    expect(body.image_list.map((image) => image.name)).toEqual(["1.png", "2.png", "3.png", "4.png", "5.png"]);
  });

  it("refuses to send while an image uploads (waitUploading), then sends it with the question", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { onSend, user, box } = setup(async () => {
      await gate;
      return { data: { files_url: ["/v2/api/chat/upload/abc.png"] } };
    });
    await user.upload(screen.getByLabelText("Image files"), png("chart.png"));
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "chart.png" })).toBeInTheDocument();
    await user.type(box, "What does this chart say?{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("Please wait until the upload finishes.");

    release();
    await waitFor(() => expect(screen.queryByText("Uploading…")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledWith({
      question: "What does this chart say?",
      attachments: [{ type: "image", url: "/v2/api/chat/upload/abc.png" }],
    });
    expect(screen.queryByRole("img", { name: "chart.png" })).not.toBeInTheDocument();
  });

  it("shows a PDF's name and size, and refuses other documents by name", async () => {
    const { user } = setup(() => ({
      data: { fileId: "pdf_12345678", name: "report.pdf", size: 2048, pages: 1, chars: 10 },
    }));
    await user.upload(screen.getByLabelText("PDF file"), new File(["%PDF"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert")).toHaveTextContent("notes.txt: only PDF files are allowed.");
    const pdf = new File([new Uint8Array(2048)], "report.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("PDF file"), pdf);
    const list = screen.getByRole("list", { name: "Attached files" });
    expect(list).toHaveTextContent("report.pdf");
    expect(list).toHaveTextContent("2.0 KB");
  });

  it("polishes the question and can undo it", async () => {
    const { api, user, box } = setup(() => ({ data: "What is the price of Bitcoin today?" }));
    await user.type(box, "btc price");
    await user.click(screen.getByRole("button", { name: "Polish" }));
    await waitFor(() => expect(box).toHaveValue("What is the price of Bitcoin today?"));
    expect(api.calls[0]?.path).toBe("instruction/polish");
    expect(api.calls[0]?.query.get("instruction")).toBe("btc price");
    expect(api.calls[0]?.query.get("language")).toBe("en");
    await user.click(screen.getByRole("button", { name: "Undo polish" }));
    expect(box).toHaveValue("btc price");
  });

  it("switches the mode and, on aiSwap, offers the suggested swap questions", async () => {
    const { onSend, user } = setup(() => ({ data: { content1: ["Buy 100 USDT of ETH"] } }));
    await user.click(screen.getByRole("radio", { name: "AI one-click buy" }));
    expect(localStorage.getItem("searchTab")).toBe("aiSwap");
    await user.click(await screen.findByRole("button", { name: "Buy 100 USDT of ETH" }));
    expect(onSend).toHaveBeenCalledWith({ question: "Buy 100 USDT of ETH", attachments: [] });
  });
});
