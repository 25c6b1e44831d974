import { render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "./browser-host.ts";
import { HostProvider, useHost } from "./host-context.tsx";

function Platform() {
  return <p>{useHost().platform}</p>;
}

describe("useHost", () => {
  it("gives the provided host", () => {
    const host = createBrowserHost();
    render(
      <HostProvider host={host}>
        <Platform />
      </HostProvider>,
    );
    expect(screen.getByText("browser")).toBeInTheDocument();
  });

  it("fails clearly outside a provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => renderHook(() => useHost())).toThrow(/HostProvider/);
    vi.restoreAllMocks();
  });
});
