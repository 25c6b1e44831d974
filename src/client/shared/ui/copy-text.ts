/** Copies text to the clipboard; false when the browser refuses (spec §8: copy failures are ignored). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
