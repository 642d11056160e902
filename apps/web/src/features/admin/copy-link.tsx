import { useEffect, useRef, useState } from 'react';

/** Copies text: the Clipboard API, else the legacy execCommand way (spec §8: clipboard fallback). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy method
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** 'Copied!' for 2 seconds after a copy (spec §9). */
export function useCopied(): [boolean, (text: string) => Promise<void>] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    await copyText(text);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return [copied, copy];
}

/** A candidate link shown with its copy button. */
export function CopyLink({ url, label = 'Copy Link' }: { url: string; label?: string }) {
  const [copied, copy] = useCopied();
  return (
    <span className="copy-link">
      <code className="copy-link-url" title={url}>
        {url}
      </code>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => copy(url)}
        aria-label={copied ? 'Copied!' : `${label}: ${url}`}
      >
        {copied ? 'Copied!' : label}
      </button>
    </span>
  );
}
