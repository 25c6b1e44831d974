import { describe, expect, it } from "vitest";
import { createModelCatalogueService } from "./model-catalogue.service.ts";

describe("model catalogue", () => {
  it("offers only MountainLion (and Automatic mode over it) with no models configured", () => {
    const available = createModelCatalogueService({})
      .list()
      .filter((item) => item.available)
      .map((item) => item.version);
    expect(available).toEqual(["MountainLion", "Automatic mode"]);
  });

  it("offers a vendor model once its endpoint is configured", () => {
    const items = createModelCatalogueService({
      CLAUDE: { baseUrl: "https://x/v1", apiKey: "k", model: undefined },
    }).list();
    expect(items.find((item) => item.version === "Claude")?.available).toBe(true);
    expect(items.find((item) => item.version === "GPT")?.available).toBe(false);
  });
});
