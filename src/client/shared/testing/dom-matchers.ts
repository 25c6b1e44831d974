import { expect } from "vitest";

// A few DOM assertions in the spirit of @testing-library/jest-dom, which this project does not install.

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toBeChecked(): R;
  toBeDisabled(): R;
  toBeEnabled(): R;
  toHaveFocus(): R;
  toHaveValue(value: string): R;
  toHaveAttribute(name: string, value?: string): R;
  toHaveTextContent(text: string): R;
}

declare module "vitest" {
  interface Matchers<T> extends DomMatchers<T> {}
}

function describeNode(received: unknown): string {
  if (received instanceof Element) {
    const name = received.getAttribute("aria-label") ?? received.getAttribute("name") ?? received.textContent?.trim();
    return `<${received.tagName.toLowerCase()}${name ? ` "${name.slice(0, 40)}"` : ""}>`;
  }
  return String(received);
}

function element(received: unknown): Element {
  if (received instanceof Element) return received;
  throw new TypeError(`Expected a DOM element, received ${describeNode(received)}`);
}

function isDisabled(target: Element): boolean {
  return "disabled" in target && target.disabled === true;
}

expect.extend({
  toBeInTheDocument(received: unknown) {
    const pass = received instanceof Element && received.ownerDocument.contains(received);
    return { pass, message: () => `expected ${describeNode(received)} ${pass ? "not " : ""}to be in the document` };
  },
  toBeChecked(received: unknown) {
    const target = element(received);
    const pass = target instanceof HTMLInputElement && target.checked;
    return { pass, message: () => `expected ${describeNode(target)} ${pass ? "not " : ""}to be checked` };
  },
  toBeDisabled(received: unknown) {
    const target = element(received);
    const pass = isDisabled(target);
    return { pass, message: () => `expected ${describeNode(target)} ${pass ? "not " : ""}to be disabled` };
  },
  toBeEnabled(received: unknown) {
    const target = element(received);
    const pass = !isDisabled(target);
    return { pass, message: () => `expected ${describeNode(target)} ${pass ? "not " : ""}to be enabled` };
  },
  toHaveFocus(received: unknown) {
    const target = element(received);
    const active = target.ownerDocument.activeElement;
    const pass = active === target;
    return {
      pass,
      message: () =>
        `expected ${describeNode(target)} ${pass ? "not " : ""}to have focus; focus is on ${describeNode(active)}`,
    };
  },
  toHaveValue(received: unknown, value: string) {
    const target = element(received);
    const actual = "value" in target ? String(target.value) : undefined;
    const pass = actual === value;
    return {
      pass,
      message: () => `expected ${describeNode(target)} ${pass ? "not " : ""}to have value "${value}", got "${actual}"`,
    };
  },
  toHaveAttribute(received: unknown, name: string, value?: string) {
    const target = element(received);
    const actual = target.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return {
      pass,
      message: () =>
        `expected ${describeNode(target)} ${pass ? "not " : ""}to have attribute ${name}${value === undefined ? "" : `="${value}"`}, got ${actual === null ? "none" : `"${actual}"`}`,
    };
  },
  toHaveTextContent(received: unknown, text: string) {
    const target = element(received);
    const actual = target.textContent ?? "";
    const pass = actual.includes(text);
    return {
      pass,
      message: () => `expected ${describeNode(target)} ${pass ? "not " : ""}to contain "${text}", got "${actual}"`,
    };
  },
});
