import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only link with a copy button that says when it copied. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
      setCopied('failed');
    }
    setTimeout(() => setCopied('no'), 2500);
  };
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={() => void copy()}>
          {t('copy.copy')}
        </button>
      </div>
      <span className="copy-status" role="status">
        {copied === 'yes' ? t('copy.copied') : copied === 'failed' ? t('copy.failed') : ''}
      </span>
    </div>
  );
}
