import { i18n } from "@lingui/core";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import "./shared/testing/dom-matchers.ts";

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
  vi.unstubAllGlobals();
  localStorage.clear();
});
