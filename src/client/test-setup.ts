import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import "./shared/testing/dom-matchers.ts";
import { forbidNetwork, takeStrayCalls } from "./shared/testing/no-network.ts";

// A unit test never reaches a server: a call nobody stubbed fails its test, naming the URL.
forbidNetwork();

// findBy*/waitFor wait on a condition; on a loaded machine a lazy chunk's first import (transformed on demand)
// can take seconds, which must slow a test down, not fail it.
configure({ asyncUtilTimeout: 10_000 });

// Messages fall back to their English source text, so tests query by the names users see.
i18n.loadAndActivate({ locale: "en", messages: {} });

// happy-dom implements <dialog>; keep a minimal fallback in case a version lacks it.
if (typeof HTMLDialogElement !== "undefined" && typeof HTMLDialogElement.prototype.showModal !== "function") {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  // a stray call the code under test caught and swallowed still fails the test that made it
  const [stray] = takeStrayCalls();
  if (stray) throw stray;
});
