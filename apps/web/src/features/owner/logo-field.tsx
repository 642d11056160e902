import { checkLogoFile } from '@assessly/shared';
import { useRef } from 'react';

export interface LogoState {
  file: File | null;
  previewUrl: string | null;
  error: string | null;
}

/** Optional logo: image types only and under 5 MB (checked here and again, on the bytes, by the server). */
export function LogoField({ logo, onChange }: { logo: LogoState; onChange: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="field">
      <label htmlFor="reg-companyLogo">Company Logo (optional)</label>
      <input
        ref={input}
        id="reg-companyLogo"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-invalid={!!logo.error}
        aria-describedby={logo.error ? 'reg-companyLogo-error' : 'reg-companyLogo-hint'}
        onChange={(ev) => {
          const file = ev.target.files?.[0] ?? null;
          onChange(file);
          // A refused file must not stay selected in the input.
          if (file && checkLogoFile(file) && input.current) input.current.value = '';
        }}
      />
      <span id="reg-companyLogo-hint" className="field-hint">
        PNG, JPEG, GIF or WebP, less than 5MB.
      </span>
      {logo.error && (
        <span id="reg-companyLogo-error" className="field-error" role="alert">
          {logo.error}
        </span>
      )}
      {logo.file && logo.previewUrl && (
        <div className="owner-logo-preview">
          <img src={logo.previewUrl} alt="Logo preview" />
          <span className="muted">{logo.file.name}</span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            Remove logo
          </button>
        </div>
      )}
    </div>
  );
}
