import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { FeedbackButton } from "./FeedbackButton.tsx";

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openFeedback(reply: (call: RecordedCall) => StubReply = () => ({ data: { id: 1 } })) {
  const api = stubApi(reply);
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<FeedbackButton />);
  await user.click(screen.getByRole("button", { name: "Feedback" }));
  const dialog = await screen.findByRole("dialog", { name: "Feedback" });
  return { api, user, dialog, form: within(dialog) };
}

type Form = Awaited<ReturnType<typeof openFeedback>>["form"];
type User = Awaited<ReturnType<typeof openFeedback>>["user"];

async function fillValid(user: User, form: Form) {
  await user.click(form.getByRole("radio", { name: "High" }));
  await user.type(form.getByRole("textbox", { name: "Description" }), "The answer never finished.");
  await user.type(form.getByRole("textbox", { name: "Contact" }), "@satoshi");
}

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("feedback", () => {
  it("renders every field with its accessible name and defaults", async () => {
    const { form } = await openFeedback();
    const seriousness = form.getByRole("radiogroup", { name: "Seriousness" });
    for (const name of ["Minimal", "Low", "Medium", "High", "Critical"]) {
      expect(within(seriousness).getByRole("radio", { name })).not.toBeChecked();
    }
    const type = form.getByRole("radiogroup", { name: "Type" });
    expect(within(type).getByRole("radio", { name: "Report a bug" })).toBeChecked();
    for (const name of ["Request a new feature", "Improve user experience", "Other"]) {
      expect(within(type).getByRole("radio", { name })).not.toBeChecked();
    }
    const location = form.getByRole("combobox", { name: "Where did it happen?" });
    expect(
      within(location)
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["", "before_chat", "generating", "in_answer", "other"]);
    expect(within(location).getByRole("option", { name: "While generating an answer" })).toBeInTheDocument();
    expect(form.getByRole("textbox", { name: "Description" })).toHaveValue("");
    expect(form.getByText("0/200")).toBeInTheDocument();
    expect(form.getByRole("textbox", { name: "Contact" })).toHaveValue("");
    expect(form.getByLabelText("Screenshot (optional)")).toHaveAttribute("type", "file");
    expect(form.getByRole("button", { name: "Send feedback" })).toBeEnabled();
  });

  it("shows a required error next to each missing field and focuses the first", async () => {
    const { api, user, form } = await openFeedback();
    await user.click(form.getByRole("button", { name: "Send feedback" }));

    const seriousness = form.getByRole("radiogroup", { name: "Seriousness" });
    expect(seriousness).toHaveAttribute("aria-invalid", "true");
    expect(describedText(seriousness)).toContain("This field is required.");
    for (const field of [
      form.getByRole("combobox", { name: "Where did it happen?" }),
      form.getByRole("textbox", { name: "Description" }),
      form.getByRole("textbox", { name: "Contact" }),
    ]) {
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(describedText(field)).toContain("This field is required.");
    }
    expect(form.getAllByText("This field is required.")).toHaveLength(4);
    expect(form.getByRole("radiogroup", { name: "Type" })).not.toHaveAttribute("aria-invalid");
    expect(form.getByRole("radio", { name: "Minimal" })).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    await user.click(form.getByRole("radio", { name: "Low" }));
    expect(seriousness).not.toHaveAttribute("aria-invalid");
  });

  it("focuses the description when it is the first missing field", async () => {
    const { user, form } = await openFeedback();
    await user.click(form.getByRole("radio", { name: "High" }));
    await user.type(form.getByRole("textbox", { name: "Contact" }), "@satoshi");
    await user.click(form.getByRole("button", { name: "Send feedback" }));
    expect(form.getByRole("textbox", { name: "Description" })).toHaveFocus();
    expect(form.getByRole("combobox", { name: "Where did it happen?" })).toHaveAttribute("aria-invalid", "true");
  });

  it("asks where a bug happened only for bug reports", async () => {
    const { api, user, form } = await openFeedback();
    for (const name of ["Request a new feature", "Improve user experience", "Other"]) {
      await user.click(form.getByRole("radio", { name }));
      expect(form.queryByRole("combobox", { name: "Where did it happen?" })).not.toBeInTheDocument();
    }
    await user.click(form.getByRole("radio", { name: "Request a new feature" }));
    await fillValid(user, form);
    await user.click(form.getByRole("button", { name: "Send feedback" }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      seriousness: 4,
      type: "feature",
      content: "The answer never finished.",
      contact: "@satoshi",
    });
  });

  it("sends a valid report, then toasts, resets and closes", async () => {
    const { api, user, dialog, form } = await openFeedback();
    await fillValid(user, form);
    await user.selectOptions(form.getByRole("combobox", { name: "Where did it happen?" }), "In the answer");
    const png = new File([PNG_BYTES], "chart.png", { type: "image/png" });
    await user.upload(form.getByLabelText("Screenshot (optional)"), png);
    expect(await form.findByText("Attached: chart.png")).toBeInTheDocument();
    expect(form.getByText("26/200")).toBeInTheDocument();

    await user.click(form.getByRole("button", { name: "Send feedback" }));

    expect(await screen.findByText("Thank you! Your feedback was sent.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Thank you! Your feedback was sent.");
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      method: "POST",
      path: "addFeedback",
      body: {
        seriousness: 4,
        type: "bug",
        bug_location: "in_answer",
        content: "The answer never finished.",
        contact: "@satoshi",
        base64_content: "data:image/png;base64,iVBORw0KGgo=",
      },
    });
    expect(api.calls[0]?.headers.get("x-device-no")).toMatch(/^[0-9a-f]{32}$/);
    expect(dialog).not.toHaveAttribute("open");

    await user.click(screen.getByRole("button", { name: "Feedback" }));
    const reopened = within(await screen.findByRole("dialog", { name: "Feedback" }));
    expect(reopened.getByRole("radio", { name: "High" })).not.toBeChecked();
    expect(reopened.getByRole("textbox", { name: "Description" })).toHaveValue("");
    expect(reopened.getByRole("textbox", { name: "Contact" })).toHaveValue("");
    expect(reopened.queryByText("Attached: chart.png")).not.toBeInTheDocument();
  });

  it("names a screenshot that is not png or jpeg and does not send it", async () => {
    const { api, user, form } = await openFeedback();
    await fillValid(user, form);
    await user.selectOptions(form.getByRole("combobox", { name: "Where did it happen?" }), "Other");
    const gif = new File(["GIF89a"], "funny.gif", { type: "image/gif" });
    const input = form.getByLabelText("Screenshot (optional)");
    await user.upload(input, gif);
    expect(form.getByText("funny.gif: Only png, jpeg or jpg images are allowed.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");

    await user.click(form.getByRole("button", { name: "Send feedback" }));
    expect(input).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it("shows a server field error on that field and keeps the dialog open", async () => {
    const { user, dialog, form } = await openFeedback(() => ({
      code: 1001,
      data: { key: "tooLong", field: "content", issues: [{ field: "content", key: "tooLong" }] },
    }));
    await fillValid(user, form);
    await user.selectOptions(form.getByRole("combobox", { name: "Where did it happen?" }), "Before chatting");
    await user.click(form.getByRole("button", { name: "Send feedback" }));

    const description = form.getByRole("textbox", { name: "Description" });
    await vi.waitFor(() => expect(description).toHaveAttribute("aria-invalid", "true"));
    expect(describedText(description)).toContain("This text is too long.");
    // focus moves in an effect after the render that marks the field
    await vi.waitFor(() => expect(description).toHaveFocus());
    expect(dialog).toHaveAttribute("open");
    expect(description).toHaveValue("The answer never finished.");
  });

  it("toasts errors that are not about a field, such as the rate limit", async () => {
    const { user, dialog, form } = await openFeedback(() => ({
      status: 429,
      code: 4003,
      data: { key: "tooFrequent" },
    }));
    await fillValid(user, form);
    await user.click(form.getByRole("radio", { name: "Other" }));
    await user.click(form.getByRole("button", { name: "Send feedback" }));
    expect(await screen.findByText("Too many requests. Please wait a moment and try again.")).toBeInTheDocument();
    expect(dialog).toHaveAttribute("open");
    expect(form.getByRole("button", { name: "Send feedback" })).toBeEnabled();
  });

  it("keeps the send button disabled while the feedback is on its way", async () => {
    let answer: (reply: StubReply) => void = () => {};
    const { user, form } = await openFeedback(() => ({ data: { id: 1 } }));
    stubApi(
      () =>
        new Promise<StubReply>((resolve) => {
          answer = resolve;
        }),
    );
    await fillValid(user, form);
    await user.click(form.getByRole("radio", { name: "Other" }));
    const send = form.getByRole("button", { name: "Send feedback" });
    await user.click(send);
    await vi.waitFor(() => expect(send).toBeDisabled());
    answer({ data: { id: 2 } });
    expect(await screen.findByText("Thank you! Your feedback was sent.")).toBeInTheDocument();
  });
});
