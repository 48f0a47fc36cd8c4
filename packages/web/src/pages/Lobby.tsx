import { useTranslation } from 'react-i18next';

export function Lobby() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <h1>{t('lobby.title')}</h1>
    </main>
  );
}
