import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { queryE2e } from "./db.ts";
import { openFeedback } from "./open-feedback.ts";
import { shot } from "./shots.ts";

test("feedback: a bad field is named, good input is stored and the form closes", async ({ page }, testInfo) => {
  const marker = `e2e ${testInfo.project.name} ${randomUUID().slice(0, 8)}`;
  const contact = `@e2e_${testInfo.project.name}_${randomUUID().slice(0, 6)}`;
  await page.goto("/");
  await openFeedback(page);
  const dialog = page.getByRole("dialog", { name: "Feedback" });
  await expect(dialog).toBeVisible();

  // Bad input: a bug report with no description and no bug location.
  await dialog.getByRole("radio", { name: "High" }).check();
  await dialog.getByRole("textbox", { name: "Contact" }).fill(contact);
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  const description = dialog.getByRole("textbox", { name: "Description" });
  await expect(description).toHaveAttribute("aria-invalid", "true");
  await expect(description).toHaveAccessibleDescription(/.+/);
  await expect(description).toBeFocused();
  const location = dialog.getByRole("combobox", { name: "Where did it happen?" });
  await expect(location).toHaveAttribute("aria-invalid", "true");
  await shot(page, testInfo, "feedback-errors");
  expect(await queryE2e("select id from feedback where contact = $1", [contact])).toEqual([]);

  // Good input.
  await location.selectOption({ label: "In the answer" });
  await description.fill(marker);
  await expect(dialog.getByText(`${marker.length}/200`)).toBeVisible();
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("status").getByText("Thank you! Your feedback was sent.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, testInfo, "feedback-sent");

  const rows = await queryE2e<{ seriousness: number; type: string; bug_location: string; contact: string }>(
    "select seriousness, type, bug_location, contact from feedback where content = $1",
    [marker],
  );
  expect(rows).toEqual([{ seriousness: 4, type: "bug", bug_location: "in_answer", contact }]);

  // Opened again, the form is empty.
  await openFeedback(page);
  await expect(dialog.getByRole("textbox", { name: "Description" })).toHaveValue("");
  await expect(dialog.getByRole("radio", { name: "High" })).not.toBeChecked();
});

test("feedback: a screenshot that is not an image is refused by name", async ({ page }) => {
  await page.goto("/");
  await openFeedback(page);
  const dialog = page.getByRole("dialog", { name: "Feedback" });
  await dialog.getByLabel("Screenshot (optional)").setInputFiles({
    name: "notes.gif",
    mimeType: "image/gif",
    buffer: Buffer.from("GIF89a"),
  });
  await expect(dialog.getByText(/notes\.gif/)).toBeVisible();
});
