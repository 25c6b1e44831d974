import { expect, type Page } from "@playwright/test";

/** Waits until the token page's candle chart has drawn on a canvas of some size. */
export async function expectCanvasDrawn(page: Page) {
  await expect
    .poll(async () =>
      page.getByTestId("candle-chart").evaluate((element) => {
        const canvases = [...element.querySelectorAll("canvas")];
        return canvases.some((canvas) => canvas.width > 0 && canvas.height > 0);
      }),
    )
    .toBe(true);
}
