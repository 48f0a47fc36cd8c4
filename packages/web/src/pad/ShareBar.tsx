/** Share the table (Web Share API, else the clipboard), copy it as text, or print it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareOutcome } from './share.ts';
import { copyText, shareText } from './share.ts';

export function ShareBar({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('pad');
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="pad-share">
      <div className="pad-share-buttons">
        {canShare ? (
          <button
            type="button"
            className="button"
            onClick={() => void shareText(title, text).then(setOutcome)}
          >
            {t('actions.share')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => void copyText(text).then(setOutcome)}>
          {t('actions.copy')}
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('actions.print')}
        </button>
      </div>
      <p className="small" role="status">
        {outcome === 'shared'
          ? t('actions.shared')
          : outcome === 'copied'
            ? t('actions.copied')
            : outcome === 'failed'
              ? t('actions.copyFailed')
              : ''}
      </p>
      {outcome === 'failed' ? (
        <textarea
          className="pad-text"
          readOnly
          value={text}
          rows={text.split('\n').length}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
