/**
 * Copies text, falling back to a hidden textarea and execCommand where the async clipboard API
 * is missing or refused (plain http, older browsers, denied permission). Resolves false only
 * when both ways fail, so callers can show their own warning.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path.
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '0';
  textarea.style.opacity = '0';
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Inside a modal dialog the focus trap would pull focus away from a textarea outside it.
  const container = active?.closest('[role="dialog"], [role="alertdialog"]') ?? document.body;
  container.appendChild(textarea);
  try {
    textarea.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    active?.focus();
  }
}
