import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../i18n/index.ts';
import type { Language } from '../i18n/index.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Link } from './Link.tsx';

export function Header() {
  const { t, i18n } = useTranslation();
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        {t('app.name')}
      </Link>
      <AccountMenu />
      <label className="language">
        <span className="visually-hidden">{t('app.language')}</span>
        <select
          value={i18n.resolvedLanguage ?? 'en'}
          onChange={(e) => void setLanguage(e.target.value as Language)}
          aria-label={t('app.language')}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`app.languages.${l}`)}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
